import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingHttpHeaders } from 'node:http';
import { AuthorizationError } from './auth.errors';
import type { Principal } from './principal';
import { RequestAuthenticator } from './request.authenticator';
import type { Scope } from './scopes';
import { PUBLIC_METADATA, SCOPES_METADATA } from './scopes.decorator';

/** What the guard needs of a request; `principal` is set for logs and handlers. */
export interface AuthenticatedRequest {
  readonly headers: IncomingHttpHeaders;
  principal?: Principal;
}

type Access = { readonly public: true } | { readonly public: false; readonly scopes: readonly Scope[] };

/**
 * The one guard (registered as APP_GUARD by AuthModule): `@Public()` passes; otherwise authenticate (401), then
 * require every scope of `@Scopes()` (403). No declared scope means closed (fail closed). Non-HTTP handlers are
 * held to the same rule, so anything that is not HTTP must be `@Public()`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly access = new WeakMap<object, WeakMap<object, Access>>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(RequestAuthenticator) private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.accessOf(context);
    if (access.public) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = await this.authenticator.authenticate(request.headers?.authorization);
    request.principal = principal;
    const missing = access.scopes.filter((scope) => !principal.scopes.includes(scope));
    if (access.scopes.length === 0 || missing.length > 0) throw new AuthorizationError(missing);
    return true;
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
