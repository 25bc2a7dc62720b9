/**
 * Runs `task` every `intervalMs`, counted from the end of the previous run, so two runs never overlap however long
 * one takes. A failed run goes to `onError` and the next tick comes as usual. `stop()` ends the ticks and waits for
 * a run in flight (call it before the pools a task uses close). The timer never keeps the process alive.
 */
export class RepeatingTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private woken = false;

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

  /** Runs now instead of at the next tick, or right after the run in flight (once however often woken); not after `stop()`. */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== null) this.woken = true;
    else this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.run(), this.intervalMs);
    this.timer.unref();
  }

  private run(): void {
    if (this.running !== null) {
      this.woken = true;
      return;
    }
    this.running = this.task()
      .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        this.running = null;
        if (this.woken && !this.stopped) {
          this.woken = false;
          this.run();
        } else this.schedule();
      });
  }
}
