import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from '@delivery/platform/testing';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, for `LIMITS_STORE_URL` */
  readonly url: string;
  /** kills the server (SIGKILL: a crash, nothing flushed); its port stays reserved for `start` */
  kill(): Promise<void>;
  /** starts it again on the same port, empty */
  start(): Promise<void>;
  /** freezes the process (SIGSTOP): connections stay open, nothing answers; `resume` (SIGCONT) thaws it */
  pause(): void;
  resume(): void;
}

/**
 * A `redis-server` of the test's own on a free loopback port, without persistence, so a test can stop and restart
 * the limits store without touching any other Redis of the machine.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await untilAnswers(port, child);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}

async function untilAnswers(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) on port ${port}`);
    if (await answersPing(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}
