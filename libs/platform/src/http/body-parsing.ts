import { json, raw } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors/api.error';
import { scanJsonArrayBody } from './json-array-body';
import { parseJsonObjectInSlices } from './json-object-body';

export interface BodyLimit {
  /** path below the base path, e.g. `/load-products` */
  path: string;
  /** body-parser size, e.g. `32mb` */
  limit: string;
  /**
   * Read the body as one buffer and decode it once before `JSON.parse` (instead of body-parser's chunk-by-chunk
   * string decoding): a few tens of ms less for a body of several MB. Same answers (400/413/415).
   */
  decodeOnce?: boolean;
  /**
   * The body is expected to be `{"<arrayField>": [ … ]}` (implies `decodeOnce`): it is only scanned here, a slice
   * per turn of the event loop, and `req.body[arrayField]` is a `JsonArrayElements` whose elements the handler
   * parses one at a time (an element that is not valid JSON answers `invalidJsonError()` then). Any other body is
   * parsed whole, with the same answers.
   */
  arrayField?: string;
  /**
   * An object body parsed a slice per turn of the event loop, each array member an element at a time
   * (json-object-body.ts; implies `decodeOnce`): an object of tens of MB, valid or not, never holds the loop in one
   * `JSON.parse`. Same document, same answers. A body that is not an object (or not UTF-8) is still parsed whole.
   */
  sliced?: boolean;
}

/** The answer to a body that is not valid JSON. */
export function invalidJsonError(): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', 'The body is not valid JSON', {
    errors: [{ field: '', message: 'malformed JSON' }],
  });
}

/** body-parser failures carry a `type`; they become the contract's errors before Nest sees them */
function bodyError(error: unknown): ApiError {
  switch ((error as { type?: string }).type) {
    case 'entity.parse.failed':
      return invalidJsonError();
    case 'entity.too.large':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The body is larger than this operation accepts');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding');
    default:
      return new ApiError(400, 'VALIDATION_ERROR', 'The body could not be read');
  }
}

/** body-parser's `json()` (any JSON value, UTF-8), reading the body as one buffer. */
function bufferedJson(limit: string, arrayField?: string, sliced = false): RequestHandler {
  const read = raw({ limit, type: () => true });
  return (req: Request, res: Response, next: NextFunction) =>
    read(req, res, (error?: unknown) => {
      if (error) return next(error);
      const charset = /;\s*charset=([^;\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
      if (charset && charset !== 'utf-8' && charset !== 'utf8') return next({ type: 'charset.unsupported' });
      if (!Buffer.isBuffer(req.body)) return next();
      const body = req.body;
      if (sliced) return parseSliced(req, body, next);
      if (arrayField === undefined) return parseWhole(req, body, next);
      scanJsonArrayBody(body, arrayField).then(
        (elements) => {
          if (elements === undefined) return parseWhole(req, body, next);
          req.body = { [arrayField]: elements };
          next();
        },
        (error: unknown) => next(error),
      );
    });
}

function parseSliced(req: Request, body: Buffer, next: NextFunction): void {
  parseJsonObjectInSlices(body).then(
    (parsed) => {
      if (parsed === undefined) return parseWhole(req, body, next);
      req.body = parsed;
      next();
    },
    () => next({ type: 'entity.parse.failed' }),
  );
}

function parseWhole(req: Request, body: Buffer, next: NextFunction): void {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    req.body = {};
    return next();
  }
  try {
    req.body = JSON.parse(text) as unknown;
    next();
  } catch {
    next({ type: 'entity.parse.failed' });
  }
}

/**
 * Whether the request says a body follows (a `Content-Length`, even 0, or a `Transfer-Encoding`): type-is's
 * `hasBody`, by which body-parser reads a body or leaves `req.body` undefined.
 */
export function announcesBody(req: Request): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/**
 * JSON bodies only, with a size limit per route: 1 MB everywhere, larger limits only where an operation needs
 * them (a 3000-product upload). A request that carries a body must say it is JSON (415 otherwise). Any JSON value
 * is parsed (`null`, `"x"`, `5` too): whether it has the shape the operation takes is its validation's to say, with
 * the 400 it gives any wrong-shaped body; only a body that is not JSON is "malformed JSON". Run by
 * `JsonBodyInterceptor` once the guards have let the request through; its 400/413/415 answers are logged and
 * rendered by the exception filter.
 */
export function jsonBodies(basePath: string, limits: BodyLimit[], defaultLimit = '1mb'): RequestHandler {
  const routes = limits.map(({ path, limit, decodeOnce, arrayField, sliced }) => ({
    path: `${basePath}${path}`,
    parse:
      decodeOnce || sliced || arrayField !== undefined
        ? bufferedJson(limit, arrayField, sliced)
        : json({ limit, strict: false }),
  }));
  const fallback = json({ limit: defaultLimit, strict: false });
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
