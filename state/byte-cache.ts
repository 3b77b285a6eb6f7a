/**
 * A least-recently-used map bounded by the bytes of what it holds as well as by entries: a few
 * large values (list pages carrying long transcripts) push out many small ones instead of
 * piling up. A value larger than the whole bound is never kept.
 */
export class ByteBoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    for (const [oldest, entry] of this.entries) {
      if (this.total + bytes <= this.maxBytes && this.entries.size < this.maxEntries) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
    this.entries.set(key, { value, bytes });
    this.total += bytes;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Entries and the bytes they are counted as. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }
}
