/** Counts running handlers so shutdown can wait for them, up to a bound. */
export class InFlightTracker {
  private readonly running = new Set<Promise<void>>();

  size(): number {
    return this.running.size;
  }

  /** Runs `task` in the background; its failure is the task's own business (it must not reject). */
  run(task: () => Promise<void>): void {
    const promise: Promise<void> = task()
      .catch(() => undefined)
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves true once nothing runs, or false when `timeoutMs` passed first. */
  async waitIdle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.running.size > 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, remaining)));
      await Promise.race([Promise.allSettled([...this.running]), expired]);
      clearTimeout(timer);
    }
    return true;
  }
}
