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
  /** Whether each (controller, handler) pair is `@Public()`, read once as AccessGuard reads its access. */
  private readonly publicOperations = new WeakMap<object, WeakMap<object, boolean>>();

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const controller = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.publicOperations.get(controller);
    if (!byHandler) this.publicOperations.set(controller, (byHandler = new WeakMap()));
    let isPublic = byHandler.get(handler);
    if (isPublic === undefined) {
      isPublic =
        this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_METADATA, [handler, controller]) ===
        true;
      byHandler.set(handler, isPublic);
    }
    return isPublic;
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const principal = (request as unknown as AuthenticatedRequest).principal;
    return principal ? `${principal.scheme}:${principal.subject}` : 'anonymous';
  }
}
