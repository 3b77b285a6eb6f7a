import { LRUCache } from "lru-cache";
import type { ModelHost } from "../../adapters/modelhost.js";

const CACHE_ENTRIES = 1024;
// Texts asked for while a request to the model host is being prepared go out in one request.
const MAX_BATCH = 32;
const QUERY_TIMEOUT_MS = 10_000;
// How often the model host is asked which build of a model it serves (a re-pulled model answers
// with other vectors, so cached ones must go).
const DIGEST_CHECK_MS = 30_000;
// A slow answer to that question must not hold searches up for long.
const DIGEST_TIMEOUT_MS = 2_000;

interface Waiting {
  text: string;
  resolve(vector: Float32Array): void;
  reject(error: unknown): void;
}

/**
 * Embeddings of search texts: remembered (a review station repeats its queries), shared by
 * concurrent identical queries, and batched when several arrive at once. Entries belong to one
 * build of one model: they are dropped when the model host reports another digest.
 */
export class QueryEmbeddings {
  private readonly cache = new LRUCache<string, Float32Array>({ max: CACHE_ENTRIES });
  private readonly inFlight = new Map<string, Promise<Float32Array>>();
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly digests = new Map<
    string,
    { digest: string | null; checkedAt: number; checking: Promise<void> }
  >();

  constructor(
    private readonly host: ModelHost,
    private readonly options: { digestCheckMs?: number } = {},
  ) {}

  async embed(model: string, text: string): Promise<Float32Array> {
    await this.checkDigest(model);
    const key = `${model}\u0000${text}`;
    const cached = this.cache.get(key);
    if (cached) return cached.slice();
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.enqueue(model, text).then((vector) => {
        this.cache.set(key, vector);
        return vector;
      });
      this.inFlight.set(key, pending);
      void pending.then(
        () => this.inFlight.delete(key),
        () => this.inFlight.delete(key),
      );
    }
    // Each caller gets its own copy: what a caller does with it must not change the cached one.
    return (await pending).slice();
  }

  private enqueue(model: string, text: string): Promise<Float32Array> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(model);
      if (queue) {
        queue.push({ text, resolve, reject });
        return;
      }
      this.waiting.set(model, [{ text, resolve, reject }]);
      // Whatever else arrives before the next turn of the event loop joins this request.
      setImmediate(() => void this.send(model));
    });
  }

  private async send(model: string): Promise<void> {
    const batch = this.waiting.get(model) ?? [];
    this.waiting.delete(model);
    for (let at = 0; at < batch.length; at += MAX_BATCH) {
      const part = batch.slice(at, at + MAX_BATCH);
      try {
        const vectors = await this.host.embed(
          model,
          part.map((w) => w.text),
          { signal: AbortSignal.timeout(QUERY_TIMEOUT_MS) },
        );
        part.forEach((w, i) => {
          const vector = vectors[i];
          if (vector) w.resolve(vector);
          else w.reject(new Error("the model host returned fewer embeddings than asked"));
        });
      } catch (error) {
        for (const w of part) w.reject(error);
      }
    }
  }

  /** Drops the model's cached vectors when the host now serves another build of it. */
  private checkDigest(model: string): Promise<void> {
    const known = this.digests.get(model);
    const interval = this.options.digestCheckMs ?? DIGEST_CHECK_MS;
    if (known && Date.now() - known.checkedAt < interval) return known.checking;
    const entry = { digest: known?.digest ?? null, checkedAt: Date.now(), checking: Promise.resolve() };
    entry.checking = this.host.digest(model, AbortSignal.timeout(DIGEST_TIMEOUT_MS)).then(
      (digest) => {
        if (digest === entry.digest) return;
        for (const key of [...this.cache.keys()])
          if (key.startsWith(`${model}\u0000`)) this.cache.delete(key);
        entry.digest = digest;
      },
      // An unreachable host cannot say; the embedding request will tell the caller why.
      () => undefined,
    );
    this.digests.set(model, entry);
    return entry.checking;
  }
}
