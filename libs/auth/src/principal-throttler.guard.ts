import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { AuthenticatedRequest } from './access.guard';
import { PUBLIC_METADATA } from './scopes.decorator';

/**
 * `@nestjs/throttler` per authenticated principal (`scheme:subject`) and operation (the throttler's key names the
 * controller and handler): runs after {@link AccessGuard}, so the principal is known. `@Public()` routes (health,
 * metrics) are never limited; 429 answers carry `Retry-After`.
 */
@Injectable()
export class PrincipalThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return (
      context.getType() !== 'http' ||
      this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_METADATA, [
        context.getHandler(),
        context.getClass(),
      ]) === true
    );
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const principal = (request as unknown as AuthenticatedRequest).principal;
    return principal ? `${principal.scheme}:${principal.subject}` : 'anonymous';
  }
}
