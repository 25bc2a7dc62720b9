import {
  Catch,
  Controller,
  Get,
  HttpCode,
  HttpException,
  Post,
  Put,
  Req,
  type ArgumentsHost,
  type ExceptionFilter,
  type INestApplication,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { parseAuthConfig } from './auth.config';
import { AuthenticationError, AuthorizationError } from './auth.errors';
import type { AuthenticatedRequest } from './access.guard';
import { AuthModule } from './auth.module';
import type { AuthScheme, Principal } from './principal';
import { CurrentPrincipal, Public, Scopes } from './scopes.decorator';
import {
  apiKeyEntry,
  basicHeader,
  basicUserEntry,
  bearer,
  mintToken,
  TEST_JWT_SECRET,
  type MintTokenOptions,
} from './testing';

@Controller()
class OperationsController {
  @Post('delivery/capacity')
  @HttpCode(200)
  @Scopes('capacity:calculate')
  calculate(@CurrentPrincipal() principal: Principal) {
    return principal;
  }

  @Post('configuration/load')
  @Scopes('configuration:load')
  load() {
    return { message: 'loaded' };
  }

  @Put('configuration')
  @Scopes('configuration:write', 'configuration:read')
  replace(@Req() req: AuthenticatedRequest) {
    return { subject: req.principal?.subject };
  }

  @Get('forgotten')
  forgotten() {
    return { leaked: true };
  }

  @Get('docs-json')
  @Public()
  docs(@CurrentPrincipal() principal: Principal | undefined) {
    return { principal: principal ?? null };
  }
}

@Controller('load-products')
@Scopes('products:read')
class ProductsController {
  @Get(':code')
  status() {
    return { status: 'done' };
  }

  @Post()
  @HttpCode(200)
  @Scopes('products:write')
  upload() {
    return { message: 'accepted' };
  }
}

@Controller('health')
@Public()
class HealthController {
  @Get('live')
  live() {
    return { status: 'up' };
  }
}

/** Stands in for the platform's filter: ErrorResponse bodies and the WWW-Authenticate header. */
@Catch(HttpException)
class ErrorResponseFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse();
    if (exception instanceof AuthenticationError) response.setHeader('WWW-Authenticate', exception.challenge);
    const code =
      exception instanceof AuthenticationError
        ? 'UNAUTHORIZED'
        : exception instanceof AuthorizationError
          ? 'FORBIDDEN'
          : 'OTHER';
    response.status(exception.getStatus()).json({ code, message: exception.message, details: {} });
  }
}

async function start(
  schemes: AuthScheme[],
  realm: string,
  env: Record<string, string>,
): Promise<INestApplication> {
  const module = await Test.createTestingModule({
    imports: [AuthModule.forRoot({ schemes, config: parseAuthConfig(env, schemes), realm })],
    controllers: [OperationsController, ProductsController, HealthController],
  }).compile();
  const app = module.createNestApplication({ logger: false });
  app.useGlobalFilters(new ErrorResponseFilter());
  await app.init();
  return app;
}

const CHALLENGE = 'Bearer realm="capacity-service", Basic realm="capacity-service"';
const IDP = { issuer: 'https://idp.example', audience: 'capacity-service' };
const mint = (options: MintTokenOptions) => mintToken({ ...IDP, ...options });

describe('AuthModule on a capacity-like service (JWT, API key, Basic)', () => {
  let app: INestApplication;
  const credentials: Record<AuthScheme, { calculate: string; wrong: string; configuration: string }> = {
    jwt: { calculate: '', wrong: '', configuration: '' },
    apiKey: {
      calculate: bearer('key-calc'),
      wrong: bearer('key-unknown'),
      configuration: bearer('key-config'),
    },
    basic: {
      calculate: basicHeader('calc', 'pw-calc'),
      wrong: basicHeader('calc', 'pw-wrong'),
      configuration: basicHeader('cfg', 'pw-cfg'),
    },
  };

  beforeAll(async () => {
    const schemes: AuthScheme[] = ['jwt', 'apiKey', 'basic'];
    app = await start(schemes, 'capacity-service', {
      JWT_SECRET: TEST_JWT_SECRET,
      JWT_ISSUER: IDP.issuer,
      JWT_AUDIENCE: IDP.audience,
      API_KEYS: [
        apiKeyEntry('calc-client', 'key-calc', ['capacity:calculate']),
        apiKeyEntry('config-client', 'key-config', ['configuration:write', 'configuration:read']),
      ].join(';'),
      BASIC_AUTH_USERS: [
        await basicUserEntry('calc', 'pw-calc', ['capacity:calculate']),
        await basicUserEntry('cfg', 'pw-cfg', ['configuration:write', 'configuration:read']),
      ].join(';'),
    });
    credentials.jwt = {
      calculate: bearer(await mint({ sub: 'calc', scopes: ['capacity:calculate'] })),
      wrong: bearer(
        await mint({ key: 'a-different-secret-of-at-least-32-chars', scopes: ['capacity:calculate'] }),
      ),
      configuration: bearer(
        await mint({ sub: 'cfg', scopes: ['configuration:write', 'configuration:read'] }),
      ),
    };
  });

  afterAll(() => app.close());

  describe.each<AuthScheme>(['jwt', 'apiKey', 'basic'])('with %s credentials', (scheme) => {
    it('200 when the principal holds the scope, with the principal on the request', async () => {
      const response = await request(app.getHttpServer())
        .post('/delivery/capacity')
        .set('Authorization', credentials[scheme].calculate)
        .expect(200);
      expect(response.body).toEqual({
        subject: scheme === 'apiKey' ? 'calc-client' : 'calc',
        scopes: ['capacity:calculate'],
        scheme,
      });
    });

    it('200 only when every listed scope is held', async () => {
      const server = app.getHttpServer();
      await request(server)
        .put('/configuration')
        .set('Authorization', credentials[scheme].configuration)
        .expect(200);
      await request(server)
        .put('/configuration')
        .set('Authorization', credentials[scheme].calculate)
        .expect(403);
    });

    it('403 with FORBIDDEN when a scope is missing', async () => {
      const response = await request(app.getHttpServer())
        .post('/configuration/load')
        .set('Authorization', credentials[scheme].calculate)
        .expect(403);
      expect(response.body).toEqual({
        code: 'FORBIDDEN',
        message: 'Missing scope: configuration:load',
        details: {},
      });
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it('401 with the challenge for wrong credentials', async () => {
      const response = await request(app.getHttpServer())
        .post('/delivery/capacity')
        .set('Authorization', credentials[scheme].wrong)
        .expect(401);
      expect(response.headers['www-authenticate']).toBe(CHALLENGE);
      expect(response.body.code).toBe('UNAUTHORIZED');
    });

    it('403 on a route that declares no scope (fail closed)', async () => {
      const response = await request(app.getHttpServer())
        .get('/forgotten')
        .set('Authorization', credentials[scheme].configuration);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Operation declares no scope and is closed to every principal');
    });
  });

  it.each<[string, string | undefined, string]>([
    ['missing', undefined, 'Authorization header is required'],
    ['malformed', 'Bearer', 'Authorization header is malformed'],
    [
      'of an unsupported scheme',
      'Digest username="calc"',
      'Authorization scheme is not accepted by this service',
    ],
    ['expired beyond the tolerance', 'expired', 'Token has expired'],
    ['without exp', 'no-exp', 'Token is invalid'],
    ['alg: none', 'none', 'Token is invalid'],
    ['a token of another issuer', 'issuer', 'Token is invalid'],
    ['a token for another audience', 'audience', 'Token is invalid'],
    ['an unknown Basic user', basicHeader('nobody', 'pw-calc'), 'Credentials are invalid'],
    ['a Basic header that is not base64', 'Basic !!!', 'Authorization header is malformed'],
  ])('401 when the header is %s', async (_name, header, message) => {
    const tokens: Record<string, string> = {
      expired: bearer(await mint({ scopes: ['capacity:calculate'], expiresIn: -31 })),
      'no-exp': bearer(await mint({ scopes: ['capacity:calculate'], expiresIn: null })),
      none: bearer(await mint({ scopes: ['capacity:calculate'], alg: 'none' })),
      issuer: bearer(await mint({ scopes: ['capacity:calculate'], issuer: 'https://other-idp' })),
      audience: bearer(await mint({ scopes: ['capacity:calculate'], audience: 'product-upload-service' })),
    };
    let call = request(app.getHttpServer()).post('/delivery/capacity');
    if (header !== undefined) call = call.set('Authorization', tokens[header] ?? header);
    const response = await call.expect(401);
    expect(response.headers['www-authenticate']).toBe(CHALLENGE);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message, details: {} });
  });

  it('401 before 403 on a route without scopes', async () => {
    await request(app.getHttpServer()).get('/forgotten').expect(401);
  });

  it('merges controller and handler scopes', async () => {
    const server = app.getHttpServer();
    const readOnly = bearer(await mint({ scopes: ['products:read'] }));
    const writeOnly = bearer(await mint({ scopes: ['products:write'] }));
    const both = bearer(await mint({ scopes: ['products:read', 'products:write'] }));
    await request(server).get('/load-products/abc').set('Authorization', readOnly).expect(200);
    await request(server).post('/load-products').set('Authorization', readOnly).expect(403);
    await request(server).post('/load-products').set('Authorization', writeOnly).expect(403);
    await request(server).post('/load-products').set('Authorization', both).expect(200);
  });

  it('opens @Public() handlers and controllers without credentials, even with bad ones', async () => {
    const server = app.getHttpServer();
    await request(server).get('/health/live').expect(200, { status: 'up' });
    await request(server).get('/docs-json').expect(200, { principal: null });
    await request(server).get('/health/live').set('Authorization', 'Bearer not-a-key').expect(200);
  });
});

describe('AuthModule on an upload-like service (JWT only)', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await start(['jwt'], 'product-upload-service', {
      JWT_SECRET: TEST_JWT_SECRET,
      API_KEYS: apiKeyEntry('calc-client', 'key-calc', ['products:write']),
    });
  });

  afterAll(() => app.close());

  it('200 with a JWT holding the scopes, 403 without them', async () => {
    const server = app.getHttpServer();
    await request(server)
      .post('/load-products')
      .set('Authorization', bearer(await mintToken({ scopes: ['products:read', 'products:write'] })))
      .expect(200);
    await request(server)
      .post('/load-products')
      .set('Authorization', bearer(await mintToken({ scopes: ['products:read'] })))
      .expect(403);
  });

  it('401 for Basic and API keys, with a Bearer-only challenge', async () => {
    const server = app.getHttpServer();
    for (const header of [basicHeader('calc', 'pw-calc'), bearer('key-calc')]) {
      const response = await request(server).post('/load-products').set('Authorization', header).expect(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="product-upload-service"');
    }
  });
});
