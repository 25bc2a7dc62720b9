import { AsyncLocalStorage } from 'node:async_hooks';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { INSTANT_PROBLEM, parseInstant } from '@delivery/contracts';
import { validationError } from '@delivery/platform';
import type { Request } from 'express';
import { Observable } from 'rxjs';

/** The request header that sets "now" for one request when `CLOCK=simulated` (docs/operations.md). */
export const SIMULATED_NOW_HEADER = 'x-simulated-now';

/**
 * `CLOCK=simulated` (refused with `NODE_ENV=production`): the engine's clock answers, inside a request that sent
 * `X-Simulated-Now`, that instant, and the base clock's everywhere else (the timers: sweeps, gauges, reloads). Every
 * use case already reads "now" from `CLOCK`, so a request placed at another instant calculates, holds, moves,
 * records outcomes and counts accuracy at that instant, all of it at the same one.
 */
export class SimulatedClock implements Clock {
  private readonly requestNow = new AsyncLocalStorage<Date>();

  constructor(private readonly base: Clock) {}

  now(): Date {
    const simulated = this.requestNow.getStore();
    return simulated ? new Date(simulated.getTime()) : this.base.now();
  }

  /** Runs `work` (and everything it starts) with "now" at `instant`. */
  runAt<T>(instant: Date, work: () => T): T {
    return this.requestNow.run(instant, work);
  }
}

/**
 * Reads `X-Simulated-Now` (an ISO 8601 instant with `Z` or an offset, read as `?at=` is) and runs the handler at
 * it; a request without the header runs on the base clock; any other value is a 400 naming the header.
 */
@Injectable()
export class SimulatedNowInterceptor implements NestInterceptor {
  constructor(private readonly clock: SimulatedClock) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = context.switchToHttp().getRequest<Request>().headers[SIMULATED_NOW_HEADER];
    if (raw === undefined) return next.handle();
    const at = parseInstant(raw);
    if (at === null) throw validationError([{ field: 'X-Simulated-Now', message: INSTANT_PROBLEM }]);
    const instant = new Date(at);
    return new Observable((subscriber) =>
      this.clock.runAt(instant, () => next.handle().subscribe(subscriber)),
    );
  }
}
