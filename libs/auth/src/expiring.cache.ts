/**
 * A bounded map whose entries expire at a given instant. When full, the oldest insertion is evicted (FIFO):
 * O(1) everywhere, no timers, and a flood of new keys can only push out entries, never grow memory.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expiresAt: number }>();

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): V | undefined {
    return this.entry(key, now)?.value;
  }

  /** The instant `key` expires; undefined when it is absent or already expired. */
  expiry(key: string, now: number): number | undefined {
    return this.entry(key, now)?.expiresAt;
  }

  private entry(key: string, now: number): { readonly value: V; readonly expiresAt: number } | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (now >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, value: V, expiresAt: number): void {
    if (this.maxEntries <= 0) return;
    if (!this.entries.delete(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
  }
}
