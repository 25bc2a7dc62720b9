/**
 * Runs `task` every `intervalMs`, counted from the end of the previous run, so two runs never overlap however long
 * one takes. A failed run goes to `onError` and the next tick comes as usual. `stop()` ends the ticks and waits for
 * a run in flight (call it before the pools a task uses close). The timer never keeps the process alive.
 */
export class RepeatingTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  /** The first run one interval from now, or (`now`) started before this returns. */
  start({ now = false }: { now?: boolean } = {}): void {
    if (now) this.run();
    else this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.run(), this.intervalMs);
    this.timer.unref();
  }

  private run(): void {
    this.running = this.task()
      .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        this.running = null;
        this.schedule();
      });
  }
}
