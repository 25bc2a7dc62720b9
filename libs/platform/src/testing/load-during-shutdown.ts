import http from 'node:http';

export interface LoadOutcome {
  /** status codes of every answered request */
  statuses: number[];
  /** bodies of the answered requests, in the same order */
  bodies: string[];
  /** connection-level failures (refused or closed before an answer), by error code */
  connectionErrors: string[];
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function send(agent: http.Agent, port: number, spec: RequestSpec): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, agent, method: spec.method, path: spec.path, headers: spec.headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(spec.body);
  });
}

/**
 * Keeps `concurrency` keep-alive clients sending `spec` until `stopWhen` says so or the server stops answering;
 * records every status and every connection-level failure (Q2.6 tests: no request may fail with a 5xx).
 */
export async function loadUntilClosed(
  port: number,
  spec: RequestSpec,
  concurrency: number,
  stop: { stopped: boolean },
): Promise<LoadOutcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const outcome: LoadOutcome = { statuses: [], bodies: [], connectionErrors: [] };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop.stopped) {
        try {
          const { status, body } = await send(agent, port, spec);
          outcome.statuses.push(status);
          outcome.bodies.push(body);
        } catch (error) {
          outcome.connectionErrors.push((error as NodeJS.ErrnoException).code ?? 'UNKNOWN');
          if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return;
        }
      }
    }),
  );
  agent.destroy();
  return outcome;
}

/**
 * Starts a request, sends its headers and the first half of its body, and returns a function that sends the rest
 * and resolves with the status: a request that is in flight for as long as the test wants.
 */
export function startSlowRequest(
  port: number,
  spec: RequestSpec,
): { finish(): Promise<{ status: number; body: string }> } {
  const body = Buffer.from(spec.body ?? '');
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: spec.method,
    path: spec.path,
    headers: { ...spec.headers, 'Content-Length': String(body.length) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, Math.floor(body.length / 2)));
  return {
    finish() {
      req.end(body.subarray(Math.floor(body.length / 2)));
      return answer;
    },
  };
}

/** Polls `/health/ready` until it answers 503; resolves with how many ms that took. */
export async function readinessTurnsFalse(port: number, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const status = await new Promise<number>((resolve) =>
      http
        .get({ host: '127.0.0.1', port, path: '/health/ready', agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', () => resolve(0)),
    );
    if (status === 503) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`readiness did not turn false within ${timeoutMs} ms`);
}
