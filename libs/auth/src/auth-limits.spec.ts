import { Controller, Get, HttpCode, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { parseAuthConfig } from './auth.config';
import { AuthModule } from './auth.module';
import type { AuthScheme } from './principal';
import { Public, Scopes } from './scopes.decorator';
import { apiKeyEntry, basicHeader, basicUserEntry, bearer, mintToken, TEST_JWT_SECRET } from './testing';

@Controller()
class OperationsController {
  @Post('delivery/capacity')
  @HttpCode(200)
  @Scopes('capacity:calculate')
  calculate() {
    return { ok: true };
  }

  @Get('configuration')
  @Scopes('capacity:calculate')
  configuration() {
    return { ok: true };
  }
}

@Controller()
@Public()
class OpenController {
  @Get('health/live')
  live() {
    return { status: 'up' };
  }

  @Get('metrics')
  metrics() {
    return 'up 1';
  }
}

const SCHEMES: AuthScheme[] = ['jwt', 'apiKey', 'basic'];

async function start(limits: Record<string, string>): Promise<INestApplication> {
  const env = {
    JWT_SECRET: TEST_JWT_SECRET,
    API_KEYS: apiKeyEntry('checkout', 'key-checkout', ['capacity:calculate']),
    BASIC_AUTH_USERS: [
      await basicUserEntry('ops', 'pw-ops', ['capacity:calculate']),
      await basicUserEntry('dev', 'pw-dev', ['capacity:calculate']),
    ].join(';'),
    ...limits,
  };
  const module = await Test.createTestingModule({
    imports: [
      AuthModule.forRoot({
        schemes: SCHEMES,
        config: parseAuthConfig(env, SCHEMES),
        realm: 'capacity-service',
      }),
    ],
    controllers: [OperationsController, OpenController],
  }).compile();
  const app = module.createNestApplication({ logger: false });
  await app.init();
  return app;
}

const WRONG = basicHeader('ops', 'wrong');
const RIGHT = basicHeader('ops', 'pw-ops');

describe('failed-authentication limit (AUTH_FAILURE_LIMIT)', () => {
  let app: INestApplication;
  const calculate = (authorization?: string) => {
    const req = request(app.getHttpServer()).post('/delivery/capacity');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };
  beforeEach(async () => {
    app = await start({
      TRUST_PROXY: '0',
      AUTH_FAILURE_LIMIT: '3',
      AUTH_FAILURE_WINDOW_SECONDS: '60',
      AUTH_FAILURE_BLOCK_SECONDS: '120',
    });
  });
  afterEach(() => app.close());

  it('answers 401 to the first 3 failures, then 429 with Retry-After, even to the right password', async () => {
    for (let i = 0; i < 3; i += 1) expect((await calculate(WRONG)).status).toBe(401);
    const blocked = await calculate(WRONG);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(115);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(blocked.headers['www-authenticate']).toBeUndefined();
    expect((await calculate(RIGHT)).status).toBe(429);
    expect((await calculate(bearer('key-checkout'))).status).toBe(429);
  });

  it('never counts a success as a failure', async () => {
    expect((await calculate(WRONG)).status).toBe(401);
    expect((await calculate(WRONG)).status).toBe(401);
    for (let i = 0; i < 20; i += 1) expect((await calculate(RIGHT)).status).toBe(200);
    expect((await calculate(bearer(await mintToken({ scopes: ['capacity:calculate'] })))).status).toBe(200);
    expect((await calculate(WRONG)).status).toBe(401);
    expect((await calculate(RIGHT)).status).toBe(200);
    expect((await calculate(WRONG)).status).toBe(429);
  });

  it('counts bad tokens and unknown API keys too, but not requests without credentials', async () => {
    for (let i = 0; i < 10; i += 1) expect((await calculate()).status).toBe(401);
    expect((await calculate(bearer('unknown-key'))).status).toBe(401);
    expect(
      (await calculate(bearer(await mintToken({ key: 'another-secret-0123456789abcdefghijkl' })))).status,
    ).toBe(401);
    expect((await calculate(bearer(await mintToken({ expiresIn: -120 })))).status).toBe(401);
    expect((await calculate(bearer('unknown-key'))).status).toBe(429);
  });

  it('never limits health and metrics, even for a blocked address sending bad credentials', async () => {
    for (let i = 0; i < 4; i += 1) await calculate(WRONG);
    expect((await calculate(RIGHT)).status).toBe(429);
    for (const path of ['/health/live', '/metrics']) {
      for (let i = 0; i < 10; i += 1) {
        const res = await request(app.getHttpServer()).get(path).set('Authorization', WRONG);
        expect(res.status).toBe(200);
      }
    }
  });
});

describe('per-principal request limit (RATE_LIMIT)', () => {
  let app: INestApplication;
  const call = (path: string, authorization: string) =>
    (path === '/configuration'
      ? request(app.getHttpServer()).get(path)
      : request(app.getHttpServer()).post(path)
    ).set('Authorization', authorization);
  beforeAll(async () => {
    app = await start({ RATE_LIMIT: '3', RATE_LIMIT_WINDOW_SECONDS: '30' });
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After to the 4th call of one principal on one operation only', async () => {
    const ops = basicHeader('ops', 'pw-ops');
    for (let i = 0; i < 3; i += 1) expect((await call('/delivery/capacity', ops)).status).toBe(200);
    const limited = await call('/delivery/capacity', ops);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect((await call('/configuration', ops)).status).toBe(200);
    expect((await call('/delivery/capacity', basicHeader('dev', 'pw-dev'))).status).toBe(200);
    expect((await call('/delivery/capacity', bearer('key-checkout'))).status).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      expect((await request(app.getHttpServer()).get('/health/live')).status).toBe(200);
      expect((await request(app.getHttpServer()).get('/metrics')).status).toBe(200);
    }
  });

  it('still answers 401 before counting anything for unauthenticated calls', async () => {
    for (let i = 0; i < 6; i += 1)
      expect((await call('/delivery/capacity', basicHeader('dev', 'wrong'))).status).toBe(401);
  });
});

describe('by default (no limit variable set)', () => {
  let app: INestApplication;
  const calculate = (authorization: string) =>
    request(app.getHttpServer()).post('/delivery/capacity').set('Authorization', authorization);
  beforeEach(async () => {
    app = await start({});
  });
  afterEach(() => app.close());

  it('blocks a Basic user name after 10 failures, right password included, and leaves other users free', async () => {
    for (let i = 0; i < 10; i += 1) expect((await calculate(WRONG)).status).toBe(401);
    const blocked = await calculate(WRONG);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(295);
    expect((await calculate(RIGHT)).status).toBe(429);
    expect((await calculate(basicHeader('dev', 'pw-dev'))).status).toBe(200);
    expect((await calculate(bearer('key-checkout'))).status).toBe(200);
  });

  it('blocks one presented API key after 10 failures, and never the address (no TRUST_PROXY)', async () => {
    for (let i = 0; i < 10; i += 1) expect((await calculate(bearer('revoked-key'))).status).toBe(401);
    expect((await calculate(bearer('revoked-key'))).status).toBe(429);
    expect((await calculate(bearer('another-wrong-key'))).status).toBe(401);
    expect((await calculate(bearer('key-checkout'))).status).toBe(200);
    expect((await calculate(RIGHT)).status).toBe(200);
  });

  it('lets a principal call an operation far more often than any client needs', async () => {
    for (let i = 0; i < 200; i += 1) expect((await calculate(bearer('key-checkout'))).status).toBe(200);
  });
});

describe('with both limits switched off (0)', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await start({ AUTH_FAILURE_LIMIT: '0', RATE_LIMIT: '0' });
  });
  afterAll(() => app.close());

  it('answers every failure 401 and never limits a principal', async () => {
    for (let i = 0; i < 30; i += 1)
      expect(
        (await request(app.getHttpServer()).post('/delivery/capacity').set('Authorization', WRONG)).status,
      ).toBe(401);
    for (let i = 0; i < 30; i += 1)
      expect(
        (await request(app.getHttpServer()).post('/delivery/capacity').set('Authorization', RIGHT)).status,
      ).toBe(200);
  });
});
