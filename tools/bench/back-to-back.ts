/** Requests sent one after another (the next as soon as one answers) until told to stop, in a process of its own. */
import { performance } from 'node:perf_hooks';
import { ClientProcess, serveClient } from './client-process';
import { round } from './load';

export interface BackToBackSpec {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface LatencyFigures {
  count: number;
  max: number;
}

/** A client that POSTs a body one request after another, for as long as something runs (client-process.ts). */
export class BackToBackClient {
  private constructor(
    private readonly client: ClientProcess,
    private readonly spec: BackToBackSpec,
  ) {}

  static async start(spec: BackToBackSpec): Promise<BackToBackClient> {
    return new BackToBackClient(await ClientProcess.start(__filename), spec);
  }

  /** Runs `work` while the client sends, until it settles; throws when a request was not answered 200. */
  async during<T>(work: () => Promise<T>): Promise<{ value: T; latency: LatencyFigures }> {
    const running = work();
    const [{ failures, ...latency }, value] = await Promise.all([
      this.client.run<LatencyFigures & { failures: number }>(this.spec, running),
      running,
    ]);
    if (failures > 0) throw new Error(`${failures} of ${latency.count} requests were not answered 200`);
    return { value, latency };
  }

  /** The baseline of `during`: the same requests for `ms` with nothing else running. */
  async idle(ms: number): Promise<LatencyFigures> {
    return (await this.during(() => new Promise((resolve) => setTimeout(resolve, ms)))).latency;
  }

  close(): void {
    this.client.close();
  }
}

async function backToBack(
  spec: BackToBackSpec,
  stopped: Promise<void>,
): Promise<LatencyFigures & { failures: number }> {
  let done = false;
  void stopped.then(() => (done = true));
  const latencies: number[] = [];
  let failures = 0;
  while (!done) {
    const start = performance.now();
    const response = await fetch(spec.url, { method: 'POST', headers: spec.headers, body: spec.body });
    await response.arrayBuffer();
    latencies.push(performance.now() - start);
    if (response.status !== 200) failures++;
  }
  return { count: latencies.length, max: round(Math.max(...latencies), 1), failures };
}

if (require.main === module) serveClient(backToBack);
