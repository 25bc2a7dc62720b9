import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

/**
 * `logger`, whose children are made when first used. pino makes a child at once: its bindings serialized (through
 * the redaction) and a logger object derived from its parent, which costs more than the rest of a small request's
 * logging. The access log binds two per request (the request id; the request), and at `LOG_LEVEL=warn` a request
 * answered 2xx never writes through either: deferred, a child costs a closure until something reads it (a line, a
 * level, its bindings), then it is made from its parent, made the same way, with the bindings it was given. The lines
 * are the same: the request's bindings are read when made, and the request id and the request's method and URL do
 * not change while it runs.
 */
export function deferringChildren(logger: Logger): Logger {
  return deferred(() => logger);
}

function deferred(made: () => Logger): Logger {
  return new Proxy({} as Logger, {
    get(_target, key) {
      if (key === 'child')
        return (bindings: Bindings, options?: ChildLoggerOptions) => {
          let child: Logger | undefined;
          return deferred(() => (child ??= made().child(bindings, options)));
        };
      const logger = made();
      const value: unknown = Reflect.get(logger, key, logger);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
    },
  });
}
