import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Optional,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AuthenticationError, AuthorizationError, CredentialRejection } from './auth.errors';
import { AuthFailureLimiter } from './auth-failure.limiter';
import { routeCredentials, type RoutedCredentials } from './authorization-header';
import { PassportStrategies } from './passport.strategies';
import type { AuthScheme, Principal } from './principal';
import type { Scope } from './scopes';
import { PUBLIC_METADATA, SCOPES_METADATA } from './scopes.decorator';

/** What the guard needs of a request; `principal` is set for logs and handlers. */
export interface AuthenticatedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly ip?: string;
  readonly socket?: { readonly remoteAddress?: string };
  principal?: Principal;
}

/** What {@link AuthModule} tells the guard: the accepted schemes and the challenge (`WWW-Authenticate`) of 401s. */
export interface AccessGuardOptions {
  readonly schemes: readonly AuthScheme[];
  readonly challenge: string;
}
export const ACCESS_GUARD_OPTIONS = Symbol('ACCESS_GUARD_OPTIONS');

type Access = { readonly public: true } | { readonly public: false; readonly scopes: readonly Scope[] };

/** 429 with `Retry-After`, answered while an address or user name is blocked after failed authentications. */
class TooManyFailedAttempts extends HttpException {
  constructor() {
    super('Too many failed authentication attempts; retry later', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * The global guard (APP_GUARD): `@Public()` passes; otherwise the `Authorization` header picks one Passport
 * strategy, whose `AuthGuard` authenticates (401 on failure, with the service's challenge), then every scope of
 * `@Scopes()` is required (403). No declared scope means closed (fail closed). When failure limiting is on,
 * failed attempts are counted per Basic user name, API key and (with `TRUST_PROXY`) client address, and a
 * blocked one answers 429.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly access = new WeakMap<object, WeakMap<object, Access>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly strategies: PassportStrategies,
    @Inject(ACCESS_GUARD_OPTIONS) private readonly options: AccessGuardOptions,
    @Optional() private readonly limiter?: AuthFailureLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.accessOf(context);
    if (access.public) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const principal = await this.authenticate(context, request, http.getResponse());
    const missing = access.scopes.filter((scope) => !principal.scopes.includes(scope));
    if (access.scopes.length === 0 || missing.length > 0) throw new AuthorizationError(missing);
    return true;
  }

  private async authenticate(
    context: ExecutionContext,
    request: AuthenticatedRequest,
    response: { setHeader(name: string, value: string): void },
  ): Promise<Principal> {
    const header = request.headers?.authorization;
    let routed: RoutedCredentials | undefined;
    try {
      routed = routeCredentials(header, this.strategies.configured, this.options.schemes);
      const blockedFor = await this.limiter?.retryAfter(this.limitKeys(request, routed));
      if (blockedFor !== undefined) throw this.tooMany(response, blockedFor);
      // the canonical form (one space, scheme capitalised) is what the Passport strategies parse
      (request.headers as Record<string, string>)['authorization'] = routed.header;
      await this.strategies.authenticate(routed.scheme, context);
      return request.principal as Principal;
    } catch (error) {
      if (!(error instanceof CredentialRejection)) throw error;
      const keys =
        this.limiter && error.reason !== 'missing_credentials' ? this.limitKeys(request, routed) : [];
      if (this.limiter && keys.length > 0) {
        const blockedFor = await this.limiter.recordFailure(keys);
        if (blockedFor !== undefined) throw this.tooMany(response, blockedFor);
      }
      throw new AuthenticationError(error.reason, this.options.challenge);
    }
  }

  /**
   * What one failure counts against: the Basic user name, the presented API key (by its sha256, the value `API_KEYS`
   * holds, never the key) and, when the limiter trusts addresses (`TRUST_PROXY`), the client address.
   */
  private limitKeys(request: AuthenticatedRequest, routed: RoutedCredentials | undefined): string[] {
    const keys: string[] = [];
    if (this.limiter?.byAddress)
      keys.push(`address:${request.ip ?? request.socket?.remoteAddress ?? 'unknown'}`);
    if (routed?.user !== undefined) keys.push(`user:${routed.user}`);
    if (routed?.scheme === 'apiKey')
      keys.push(`apiKey:${createHash('sha256').update(routed.header.slice('Bearer '.length)).digest('hex')}`);
    return keys;
  }

  private tooMany(
    response: { setHeader(name: string, value: string): void },
    seconds: number,
  ): TooManyFailedAttempts {
    response.setHeader('Retry-After', String(seconds));
    return new TooManyFailedAttempts();
  }

  /** Metadata read once per (controller, handler) pair. */
  private accessOf(context: ExecutionContext): Access {
    const controller = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.access.get(controller);
    if (!byHandler) this.access.set(controller, (byHandler = new WeakMap()));
    let access = byHandler.get(handler);
    if (!access) {
      const targets = [handler, controller];
      access = this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_METADATA, targets)
        ? { public: true }
        : {
            public: false,
            scopes: [...new Set(this.reflector.getAllAndMerge<Scope[]>(SCOPES_METADATA, targets))],
          };
      byHandler.set(handler, access);
    }
    return access;
  }
}
