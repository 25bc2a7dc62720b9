import type { LoggerService } from '@nestjs/common';
import { withoutControllerPaths } from './controller-lines';

describe('the start-up lines of the controllers', () => {
  const recorded: unknown[][] = [];
  const logger: LoggerService = {
    log: (...args: unknown[]) => void recorded.push(['log', ...args]),
    error: (...args: unknown[]) => void recorded.push(['error', ...args]),
    warn: (...args: unknown[]) => void recorded.push(['warn', ...args]),
  };

  it('names a controller without the path Nest would print, and passes every other line as it is', () => {
    const boot = withoutControllerPaths(logger);
    boot.log('HealthController {/capacity/v1/health}:', 'RoutesResolver');
    boot.log('Mapped {/health/live, GET} route', 'RouterExplorer');
    boot.log('HealthController {/capacity/v1/health}:', 'SomethingElse');
    boot.log('listening on port 3000');
    boot.warn('careful', 'RoutesResolver');
    expect(recorded).toEqual([
      ['log', 'HealthController:', 'RoutesResolver'],
      ['log', 'Mapped {/health/live, GET} route', 'RouterExplorer'],
      ['log', 'HealthController {/capacity/v1/health}:', 'SomethingElse'],
      ['log', 'listening on port 3000'],
      ['warn', 'careful', 'RoutesResolver'],
    ]);
  });
});
