import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { storage, Store } from 'nestjs-pino/storage';
import type { Logger } from 'pino';
import { currentLogger, ROOT_LOGGER } from './logger';

type Logged = { log: Logger };

/**
 * Express middleware after pino-http: the rest of the request runs with nestjs-pino's store holding the
 * request's logger (bound to its request id) and the access line's logger, so `LogContext.assign` reaches both.
 */
export function bindLogContext(req: Request, res: Response, next: NextFunction): void {
  storage.run(new Store((req as unknown as Logged).log, (res as unknown as Logged).log), next);
}

/** Fields on every log line of the current request or message (nestjs-pino's AsyncLocalStorage). */
@Injectable()
export class LogContext {
  constructor(@Inject(ROOT_LOGGER) private readonly root: Logger) {}

  /** Runs `work` with every line written inside it (awaited work included) carrying `fields`. */
  run<T>(fields: Record<string, unknown>, work: () => T): T {
    return storage.run(new Store(currentLogger(this.root).child(fields)), work);
  }

  /** Adds `fields` to the rest of the current request's or message's lines, the request's own line included. */
  assign(fields: Record<string, unknown>): void {
    const store = storage.getStore();
    if (!store) return;
    store.logger = store.logger.child(fields);
    store.responseLogger?.setBindings(fields);
  }
}
