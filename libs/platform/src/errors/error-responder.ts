import type { Request, Response } from 'express';
import type { PinoLogger } from 'nestjs-pino';
import { ErrorFormat } from './error-format';
import { normalizeError } from './normalize-error';

/**
 * Writes any error as the service's contract says; shared by the Nest exception filter and the Express error
 * handler that catches body-parser failures before Nest routing. Unexpected failures are logged with their
 * stack; the response never carries it.
 */
export function respondWithError(
  error: unknown,
  req: Request,
  res: Response,
  format: ErrorFormat,
  logger?: PinoLogger,
): void {
  const normalized = normalizeError(error);
  if (normalized.internal) {
    logger?.error({ err: error, path: req.path }, 'unexpected failure');
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  // a body not read (refused before reading it, or too large) is not drained either: the connection closes
  if (!req.complete) res.setHeader('Connection', 'close');
  const { body, headers } = format.render(normalized);
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
  res.status(normalized.status);
  if (body === undefined) res.end();
  else res.json(body);
}
