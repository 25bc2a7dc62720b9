import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Principal } from './principal';
import type { Scope } from './scopes';

export { Public, PUBLIC_METADATA } from '@delivery/platform';
export const SCOPES_METADATA = 'delivery:auth:scopes';

/**
 * Every listed scope is required. On a controller and on a handler, both lists apply (they are merged, so a handler
 * can only narrow access). A handler with neither `@Public()` nor `@Scopes()` is closed: 403 to everyone.
 */
export const Scopes = (...scopes: [Scope, ...Scope[]]): MethodDecorator & ClassDecorator =>
  SetMetadata(SCOPES_METADATA, scopes);

/** The authenticated principal of the request (undefined on `@Public()` handlers). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal | undefined =>
    context.switchToHttp().getRequest<{ principal?: Principal }>().principal,
);
