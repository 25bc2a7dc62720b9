import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors/api.error';

export interface BodyLimit {
  /** path below the base path, e.g. `/load-products` */
  path: string;
  /** body-parser size, e.g. `32mb` */
  limit: string;
}

/** body-parser failures carry a `type`; they become the contract's errors before Nest sees them */
function bodyError(error: unknown): ApiError {
  switch ((error as { type?: string }).type) {
    case 'entity.parse.failed':
      return new ApiError(400, 'VALIDATION_ERROR', 'The body is not valid JSON', {
        errors: [{ field: '', message: 'malformed JSON' }],
      });
    case 'entity.too.large':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The body is larger than this operation accepts');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding');
    default:
      return new ApiError(400, 'VALIDATION_ERROR', 'The body could not be read');
  }
}

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/**
 * JSON bodies only, with a size limit per route: 1 MB everywhere, larger limits only where an operation needs
 * them (a 3000-product upload). A request that carries a body must say it is JSON (415 otherwise). Runs as Nest
 * middleware after the request logger, so its 400/413/415 answers are logged and rendered by the exception filter.
 */
export function jsonBodies(basePath: string, limits: BodyLimit[], defaultLimit = '1mb'): RequestHandler {
  const routes = limits.map(({ path, limit }) => ({ path: `${basePath}${path}`, parse: json({ limit }) }));
  const fallback = json({ limit: defaultLimit });
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !JSON_TYPE.test(req.headers['content-type'] ?? '')) {
      next(
        new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be JSON (Content-Type: application/json)'),
      );
      return;
    }
    const route = routes.find(
      (r) =>
        req.originalUrl === r.path ||
        req.originalUrl.startsWith(`${r.path}/`) ||
        req.originalUrl.startsWith(`${r.path}?`),
    );
    (route?.parse ?? fallback)(req, res, (error?: unknown) => next(error ? bodyError(error) : undefined));
  };
}
