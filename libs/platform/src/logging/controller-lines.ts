import type { LoggerService } from '@nestjs/common';

const CONTROLLER_LINE = /^(\w+) \{[^}]*\}:$/;

/**
 * Nest announces each controller at start-up as `HealthController {/capacity/v1/health}:`, its path under the global
 * prefix even when every route of it is excluded from the prefix (health and metrics are served at `/health/…` and
 * `/metrics`). The `Mapped {/health/live, GET} route` lines that follow say where each route is served; this logger
 * writes the controller's line as its name alone (`HealthController:`), so the log names no path that is not served.
 */
export function withoutControllerPaths(logger: LoggerService): LoggerService {
  const wrapped = Object.create(logger) as LoggerService;
  wrapped.log = (message: unknown, ...rest: unknown[]) => {
    const line =
      rest.at(-1) === 'RoutesResolver' && typeof message === 'string' ? CONTROLLER_LINE.exec(message) : null;
    logger.log(line ? `${line[1]}:` : message, ...rest);
  };
  return wrapped;
}
