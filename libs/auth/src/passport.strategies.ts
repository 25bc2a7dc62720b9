import { type CanActivate, type ExecutionContext, type OnModuleDestroy } from '@nestjs/common';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import type { IncomingHttpHeaders } from 'node:http';
import passport from 'passport';
import type { AuthConfig } from './auth.config';
import { CredentialRejection } from './auth.errors';
import { BasicPasswordVerifier, type BasicPasswordVerifierOptions } from './basic-password.verifier';
import type { AuthScheme, Principal } from './principal';
import { createApiKeyStrategy } from './strategies/api-key.strategy';
import { createBasicStrategy } from './strategies/basic.strategy';
import { CLOCK_TOLERANCE_SECONDS, createJwtStrategy, jwtFailure } from './strategies/jwt.strategy';
import { VerifiedTokens } from './verified-tokens.cache';

let instances = 0;

/**
 * The Passport strategies of one application and an `AuthGuard` per strategy. Passport keeps strategies in one
 * process-wide registry, so each application registers its own under unique names (two apps in one process, as
 * in tests, never see each other's keys) and removes them when it closes.
 */
export class PassportStrategies implements OnModuleDestroy {
  readonly configured: ReadonlySet<AuthScheme>;
  private readonly guards = new Map<AuthScheme, CanActivate>();
  private readonly names: string[] = [];
  private readonly tokens?: VerifiedTokens;

  constructor(schemes: readonly AuthScheme[], config: AuthConfig, basic: BasicPasswordVerifierOptions = {}) {
    const prefix = `delivery-auth-${++instances}`;
    if (schemes.includes('jwt') && config.jwt) {
      const jwt = config.jwt;
      this.add('jwt', `${prefix}-jwt`, (name) => createJwtStrategy(name, jwt), jwtFailure);
      this.tokens = new VerifiedTokens(CLOCK_TOLERANCE_SECONDS, jwt.previous?.until.getTime());
    }
    if (schemes.includes('apiKey') && config.apiKeys.length > 0) {
      const failure = () => new CredentialRejection('invalid_credentials');
      this.add('apiKey', `${prefix}-api-key`, (name) => createApiKeyStrategy(name, config.apiKeys), failure);
    }
    if (schemes.includes('basic') && config.basicUsers.length > 0) {
      const verifier = new BasicPasswordVerifier(config.basicUsers, basic);
      const failure = (_info: unknown, status?: number) =>
        new CredentialRejection(status === 400 ? 'malformed_credentials' : 'invalid_credentials');
      this.add('basic', `${prefix}-basic`, (name) => createBasicStrategy(name, verifier), failure);
    }
    this.configured = new Set(this.guards.keys());
  }

  /**
   * Runs the scheme's strategy; sets `request.principal` or throws a {@link CredentialRejection} (or a 503). A JWT
   * verified a moment ago (the same text, still within its `exp`) gets its principal back without a second
   * verification ({@link VerifiedTokens}).
   */
  async authenticate(scheme: AuthScheme, context: ExecutionContext): Promise<void> {
    const guard = this.guards.get(scheme);
    if (!guard) throw new CredentialRejection('invalid_credentials');
    if (scheme !== 'jwt' || !this.tokens) {
      await guard.canActivate(context);
      return;
    }
    const request = context
      .switchToHttp()
      .getRequest<{ headers: IncomingHttpHeaders; principal?: Principal }>();
    // AccessGuard hands the header over in canonical form: `Bearer <token>`
    const token = (request.headers.authorization ?? '').slice('Bearer '.length);
    const known = this.tokens.get(token, Date.now());
    if (known) {
      request.principal = known;
      return;
    }
    await guard.canActivate(context);
    if (request.principal) this.tokens.remember(token, request.principal, Date.now());
  }

  onModuleDestroy(): void {
    for (const name of this.names) passport.unuse(name);
  }

  private add(
    scheme: AuthScheme,
    name: string,
    create: (name: string) => object,
    failure: (info: unknown, status?: number) => Error,
  ): void {
    create(name);
    this.names.push(name);
    class StrategyGuard extends AuthGuard(name) {
      override getAuthenticateOptions(): AuthGuardAuthenticateOptions {
        return { session: false, property: 'principal' };
      }

      override handleRequest<T>(
        error: unknown,
        user: T | false,
        info: unknown,
        _context: unknown,
        status?: number,
      ): T {
        if (error) throw error;
        if (!user) throw failure(info, status);
        return user;
      }
    }
    this.guards.set(scheme, new StrategyGuard());
  }
}
