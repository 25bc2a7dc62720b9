/**
 * Gathers the requests made in one turn of the event loop and hands them to `run` together, in batches of at most
 * `maxBatch` (one statement per batch rather than one per request). Alone, a request waits for nothing but its own
 * batch; under load the round trips and commits are shared. `run` answers in the order of its inputs.
 */
interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export class TurnBatcher<I, O> {
  private queue: Pending<I, O>[] = [];
  private scheduled = false;

  constructor(
    private readonly run: (inputs: readonly I[]) => Promise<readonly O[]>,
    private readonly maxBatch: number,
  ) {}

  /** Queued with the other requests of this turn of the event loop. */
  add(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const queue = this.queue;
    this.queue = [];
    for (let start = 0; start < queue.length; start += this.maxBatch) {
      void this.runBatch(queue.slice(start, start + this.maxBatch));
    }
  }

  private async runBatch(pending: readonly Pending<I, O>[]): Promise<void> {
    try {
      const outputs = await this.run(pending.map((entry) => entry.input));
      pending.forEach((entry, index) => entry.resolve(outputs[index]));
    } catch (error) {
      for (const entry of pending) entry.reject(error);
    }
  }
}
