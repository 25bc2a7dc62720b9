import net from 'node:net';

export interface DevBroker {
  /** undefined: no broker answers; the upload service and the worker share one process and an in-memory broker */
  url?: string;
  source: 'AMQP_URL' | 'localhost:5672' | 'in-memory';
}

/** Whether something accepts a TCP connection on `host:port` (within 1.5 s). */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** AMQP_URL if set; else a broker on localhost:5672 if one answers; else the in-memory adapter. */
export async function resolveDevBroker(): Promise<DevBroker> {
  if (process.env.AMQP_URL) return { url: process.env.AMQP_URL, source: 'AMQP_URL' };
  if (await answers('127.0.0.1', 5672))
    return { url: 'amqp://guest:guest@localhost:5672', source: 'localhost:5672' };
  return { source: 'in-memory' };
}
