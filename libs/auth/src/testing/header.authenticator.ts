import type { ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '../access.guard';
import type { AuthConfig } from '../auth.config';
import { routeCredentials } from '../authorization-header';
import type { BasicPasswordVerifierOptions } from '../basic-password.verifier';
import { PassportStrategies } from '../passport.strategies';
import type { AuthScheme, Principal } from '../principal';

/**
 * The Passport strategies of a service without an HTTP server: `authenticate(header)` routes an `Authorization`
 * value as the guard does and resolves the principal, or rejects with the strategy's `CredentialRejection` (or a
 * 503 for an unreachable JWKS). `close()` unregisters the strategies.
 */
export class HeaderAuthenticator {
  private readonly strategies: PassportStrategies;

  constructor(
    private readonly schemes: readonly AuthScheme[],
    config: AuthConfig,
    basic?: BasicPasswordVerifierOptions,
  ) {
    this.strategies = new PassportStrategies(schemes, config, basic);
  }

  async authenticate(authorization: string | undefined): Promise<Principal> {
    const routed = routeCredentials(authorization, this.strategies.configured, this.schemes);
    const request: AuthenticatedRequest = { headers: { authorization: routed.header } };
    const http = { getRequest: () => request, getResponse: () => ({}) };
    await this.strategies.authenticate(routed.scheme, {
      switchToHttp: () => http,
    } as unknown as ExecutionContext);
    if (!request.principal) throw new Error('the strategy set no principal');
    return request.principal;
  }

  close(): void {
    this.strategies.onModuleDestroy();
  }
}
