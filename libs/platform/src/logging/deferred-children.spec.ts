import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { deferringChildren } from './deferred-children';
import { REDACTED_PATHS } from './logger';

/** A logger shaped as the platform's root logger, its lines without their time. */
function rootLogger(lines: Record<string, unknown>[]): Logger {
  return pino(
    { base: { service: 'test' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const { time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>;
          lines.push(fields);
        }
        done();
      },
    }),
  );
}

describe('deferringChildren', () => {
  it('writes the lines pino writes through the same children, bindings and redaction included', () => {
    const [deferredLines, pinoLines]: Record<string, unknown>[][] = [[], []];
    for (const [logger, lines] of [
      [deferringChildren(rootLogger(deferredLines)), deferredLines],
      [rootLogger(pinoLines), pinoLines],
    ] as const) {
      expect(lines).toEqual([]);
      const request = logger.child({ requestId: 'req-1' });
      const full = request.child({ req: { method: 'GET', url: '/x', token: 'secret' } });
      request.warn({ batches: 2 }, 'published');
      full.setBindings({ processCode: 'p-1' });
      full.error('failed');
    }
    expect(deferredLines).toEqual([
      {
        level: 40,
        service: 'test',
        requestId: 'req-1',
        batches: 2,
        msg: 'published',
      },
      {
        level: 50,
        service: 'test',
        requestId: 'req-1',
        req: { method: 'GET', url: '/x', token: '[redacted]' },
        processCode: 'p-1',
        msg: 'failed',
      },
    ]);
    expect(deferredLines).toEqual(pinoLines);
  });

  it('makes a child only when something reads it, once, from its parent made the same way', () => {
    const root = rootLogger([]);
    const child = jest.spyOn(root, 'child');
    const deferred = deferringChildren(root);
    const request = deferred.child({ requestId: 'req-2' });
    const full = request.child({ req: { method: 'GET' } });
    expect(child).not.toHaveBeenCalled();
    expect(full.isLevelEnabled('debug')).toBe(false);
    full.info('first');
    full.info('second');
    expect(request.bindings()).toEqual({ service: 'test', requestId: 'req-2' });
    // the request's child, then the full one from it (pino's children inherit the root's `child`), each once
    expect(child.mock.calls).toEqual([
      [{ requestId: 'req-2' }, undefined],
      [{ req: { method: 'GET' } }, undefined],
    ]);
  });
});
