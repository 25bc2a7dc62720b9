import { connect } from 'node:net';
import { inClientProcessUntil, serveClient } from './client-process';

export interface FloodSpec {
  /** e.g. http://127.0.0.1:3000/capacity/v1/configuration */
  url: string;
  method: 'PUT' | 'POST';
  bodyBytes: number;
  /** connections flooding at once; each starts a new request as soon as the previous one ends */
  connections: number;
}

export interface FloodFigures {
  requests: number;
  /** answers by status (401 expected; `none`: the connection was reset before the answer was read) */
  statuses: Record<string, number>;
}

/**
 * Anonymous requests with large (or empty) bodies, each on a connection of its own, sent as fast as the
 * connections take them, until the round is stopped: the attack docs/security.md ("No work before
 * authentication") is about. In a process of its own.
 */
export function runFlood(spec: FloodSpec, stop: Promise<unknown>): Promise<FloodFigures> {
  return inClientProcessUntil(__filename, spec, stop);
}

function oneRequest(spec: FloodSpec, figures: FloodFigures): Promise<void> {
  const url = new URL(spec.url);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let head = '';
    const pump = () => {
      while (sent < spec.bodyBytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(
        `${spec.method} ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${spec.bodyBytes}\r\nConnection: close\r\n\r\n`,
      );
      pump();
    });
    socket.on('data', (data) => {
      if (head.length < 64) head += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 'none';
      figures.requests++;
      figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
      resolve();
    });
  });
}

async function flood(spec: FloodSpec, stopped: Promise<void>): Promise<FloodFigures> {
  const figures: FloodFigures = { requests: 0, statuses: {} };
  let stop = false;
  void stopped.then(() => (stop = true));
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (!stop) await oneRequest(spec, figures);
    }),
  );
  return figures;
}

if (require.main === module) serveClient(flood);
