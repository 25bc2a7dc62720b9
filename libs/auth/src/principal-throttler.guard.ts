import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { AuthenticatedRequest } from './access.guard';
import { PUBLIC_METADATA } from './scopes.decorator';

type Targets = Parameters<Reflector['getAllAndOverride']>[1];

/**
 * The guard's reads of an operation's metadata, each answered once per (key, handler, controller): the throttler
 * reads six keys (`@SkipThrottle`, `@Throttle`'s limit, window, block, tracker and key generator) through the
 * handler and its controller on every request, and an operation's metadata does not change once the app runs.
 */
class OperationMetadata extends Reflector {
  /** by handler, controller and key: as many entries as the app has operations, for as long as it runs */
  private readonly answers = new Map<object, Map<object, Map<unknown, unknown>>>();

  override getAllAndOverride(key: unknown, targets: Targets): unknown {
    const [handler, controller] = targets;
    if (targets.length !== 2 || handler === undefined || controller === undefined)
      return super.getAllAndOverride(key, targets);
    let byController = this.answers.get(handler);
    if (!byController) this.answers.set(handler, (byController = new Map()));
    let byKey = byController.get(controller);
    if (!byKey) byController.set(controller, (byKey = new Map()));
    if (!byKey.has(key)) byKey.set(key, super.getAllAndOverride(key, targets));
    return byKey.get(key);
  }
}

/**
 * `@nestjs/throttler` per authenticated principal (`scheme:subject`) and operation (the throttler's key names the
 * controller and handler): runs after {@link AccessGuard}, so the principal is known. `@Public()` routes (health,
 * metrics) are never limited; 429 answers carry `Retry-After`. Each operation's metadata is read once, as AccessGuard
 * reads its access.
 */
@Injectable()
export class PrincipalThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
  ) {
    super(options, storage, new OperationMetadata());
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    return (
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
