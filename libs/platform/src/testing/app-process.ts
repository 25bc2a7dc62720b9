import { ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** everything the process wrote so far */
  stdout(): string;
  stderr(): string;
  /** resolves with the exit code (or signal name) */
  exited: Promise<number | string>;
  waitUntilReady(timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Runs an app's real `main.ts` as a child process (the way Kubernetes runs it), for tests of what only a
 * process shows: boot-time config failures, log lines, signals and exit codes. A compiled `main.js` (from
 * `npm run build`) runs with plain `node`, exactly as the image does.
 */
export async function startAppProcess(main: string, env: Record<string, string>): Promise<AppProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const launcher = main.endsWith('.ts') ? ['-r', path.join(root, 'tools/register.js')] : [];
  const child = spawn(process.execPath, [...launcher, path.join(root, main)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    url,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitUntilReady(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${err || out}`);
        try {
          if ((await fetch(`${url}/health/ready`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`not ready within ${timeoutMs} ms: ${err || out}`);
    },
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
