import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE_CACHE_BYTES, type PageRequest } from "../../state/repos/media-search.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";

// The page cache is an lru-cache bounded by entries and by bytes at once; these are the rules of
// that pairing it relies on (an upgrade that changed them would show here first).
describe("an LRU bounded by bytes and by entries", () => {
  const cache = () => {
    const lru = new LRUCache<string, string>({ max: 3, maxSize: 10, sizeCalculation: (v) => v.length });
    return {
      get: (key: string) => lru.get(key),
      set: (key: string, value: string) => lru.set(key, value),
      get usage() {
        return { entries: lru.size, bytes: lru.calculatedSize };
      },
    };
  };

  it("drops the least recently used entries until the new one fits", () => {
    const c = cache();
    c.set("a", "xxxx");
    c.set("b", "xxxx");
    expect(c.get("a")).toBe("xxxx");
    c.set("c", "xxxx");
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe("xxxx");
    expect(c.usage).toEqual({ entries: 2, bytes: 8 });
  });

  it("keeps no more entries than allowed, replaces a key's value, and never keeps an oversized one", () => {
    const c = cache();
    for (const key of ["a", "b", "c", "d"]) c.set(key, "x");
    expect(c.usage).toEqual({ entries: 3, bytes: 3 });
    c.set("d", "xxx");
    expect(c.usage).toEqual({ entries: 3, bytes: 5 });
    c.set("e", "x".repeat(11));
    expect(c.get("e")).toBeUndefined();
    expect(c.usage.bytes).toBeLessThanOrEqual(10);
  });
});

describe("the list-page cache", () => {
  let dir: string;
  let store: LibraryStore;
  const TRANSCRIPT_CHARS = 200_000;
  const ROWS = 20;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-page-cache-"));
    store = openLibrary(dir);
    const stamp = new Date().toISOString();
    const insert = store.db.prepare(
      `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, transcript, next_stage, status,
         created_at, updated_at)
       VALUES (?, 'video', 1, 1, 'f', ?, 'done', 'done', ?, ?)`,
    );
    for (let i = 0; i < 200; i += 1)
      insert.run(`clip ${i}.mov`, `${i} `.repeat(TRANSCRIPT_CHARS / 4), stamp, stamp);
  });
  afterAll(async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const request = (offset: number): PageRequest => ({
    filter: { kinds: [], shots: [], tags: [], cameras: [], languages: [], ratings: [], terms: [] },
    sort: { key: "id", desc: false },
    limit: ROWS,
    offset,
    after: null,
  });

  it("stays under its byte bound when every page carries long transcripts", () => {
    for (let offset = 0; offset < 180; offset += 5) {
      const page = store.search.page(request(offset));
      expect(page.rows).toHaveLength(ROWS);
      const { entries, bytes } = store.search.pageCache;
      expect(bytes).toBeLessThanOrEqual(MAX_PAGE_CACHE_BYTES);
      // The count is honest: the transcripts of the kept pages alone fit in it.
      expect(entries * ROWS * TRANSCRIPT_CHARS).toBeLessThanOrEqual(bytes);
    }
    expect(store.search.pageCache.entries).toBeGreaterThan(0);
    const last = request(175);
    expect(store.search.page(last)).toBe(store.search.page(last));
  });
});
