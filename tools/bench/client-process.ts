/**
 * A load generator in a process of its own that holds nothing else, as a client would be. In the benchmark's
 * process, the collector of what that process holds (a generated 16k-route world is ~100 MB, a 100k one with its
 * 46 MB text several times that) paused the client, and the pause was counted as the service's latency. The
 * process is started, and has compiled its code, before the first round it measures: its start-up would otherwise
 * compete for the cores with what it measures.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

type ToClient = { spec: unknown } | { stop: true };
type FromClient = { ready: true } | { figures: unknown };

export class ClientProcess {
  private constructor(
    private readonly child: ChildProcess,
    private readonly name: string,
  ) {}

  /** Starts the client of `file` (a module that calls `serveClient`) and waits until it is ready. */
  static start(file: string): Promise<ClientProcess> {
    const child = fork(file, [], { execArgv: ['-r', path.join(__dirname, '../register.js')] });
    const client = new ClientProcess(child, path.basename(file));
    return client.next().then(() => client);
  }

  /** One round on `spec`, until the client is done or, when given, `stop` settles; resolves with its figures. */
  async run<F>(spec: unknown, stop?: Promise<unknown>): Promise<F> {
    const answer = this.next();
    this.send({ spec });
    const end = () => this.send({ stop: true });
    stop?.then(end, end);
    return ((await answer) as { figures: F }).figures;
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
  }

  private send(message: ToClient): void {
    if (this.child.connected) this.child.send(message);
  }

  private next(): Promise<FromClient> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`${this.name} exited with ${code}`));
      this.child.once('exit', exited);
      this.child.once('message', (message: FromClient) => {
        this.child.off('exit', exited);
        resolve(message);
      });
    });
  }
}

/** Runs a one-round client of `file` on `spec` and ends it. */
export async function inClientProcess<F>(file: string, spec: unknown): Promise<F> {
  const client = await ClientProcess.start(file);
  try {
    return await client.run<F>(spec);
  } finally {
    client.close();
  }
}

/** Runs a client of `file` on `spec` until `stop` settles, and ends it. */
export async function inClientProcessUntil<F>(
  file: string,
  spec: unknown,
  stop: Promise<unknown>,
): Promise<F> {
  const client = await ClientProcess.start(file);
  try {
    return await client.run<F>(spec, stop);
  } finally {
    client.close();
  }
}

/** The client's side: runs `client` on each spec it is sent and sends its figures back; ends with its parent. */
export function serveClient<S, F>(client: (spec: S, stopped: Promise<void>) => Promise<F>): void {
  let stopRound: (() => void) | undefined;
  process.on('message', (message: ToClient) => {
    if ('stop' in message) return stopRound?.();
    const stopped = new Promise<void>((resolve) => (stopRound = resolve));
    void client(message.spec as S, stopped).then((figures) => process.send?.({ figures }));
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ ready: true });
}
