import { mountedStorage } from "../../adapters/mount-table.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import {
  rebuildVectorIndex,
  type ScalarSetting,
  savedIndexInfo,
  type VectorIndex,
  wantsRequantising,
} from "../../state/vectors.js";
import { answerRequests } from "./thread-pool.js";
import { indexStamp, openProjectIndex } from "./vector-index.js";

export type WriterRequest =
  | { op: "open"; root: string; model: string; scalar: ScalarSetting }
  | {
      op: "upsert";
      root: string;
      model: string;
      scalar: ScalarSetting;
      keys: number[];
      vectors: Float32Array;
      dim: number;
    }
  | { op: "remove"; root: string; model: string; keys: number[] }
  /** Saves what changed and lets the index go (the end of a pass). */
  | { op: "close"; root: string; model: string }
  /** Brings the saved index in line with the database: loads it, rebuilds it when it does not match. */
  | { op: "rebuild"; root: string; model: string; scalar: ScalarSetting }
  /** Rebuilds the saved index when its scalar type does not follow the setting (after warm-up). */
  | { op: "requantise"; root: string; model: string; scalar: ScalarSetting };

export interface WriterReply {
  /** Vectors the project's index holds (0 when nothing is embedded). */
  size: number;
  /** Why the index was rebuilt from the database, when it was. */
  rebuilt?: string | undefined;
  /** Projects whose index the thread still holds open for a pass after this request. */
  holding: number;
}

interface Open {
  store: LibraryStore;
  index: VectorIndex | null;
  dirty: boolean;
  /** Passes (and rebuilds) using the index now: it is saved and dropped when the last one closes. */
  users: number;
}

/**
 * The one thread that loads, changes, rebuilds and saves vector indexes, one request at a time, so
 * a save of a million vectors (seconds of native work) never stalls the event loop, and two passes
 * of one process never write one index file at once.
 */
class IndexWriter {
  private readonly open = new Map<string, Open>();

  /** Projects with an index held open. */
  get holding(): number {
    return this.open.size;
  }

  async handle(request: WriterRequest): Promise<Omit<WriterReply, "holding">> {
    switch (request.op) {
      case "open": {
        const { entry, rebuilt } = await this.acquire(request.root, request.model, request.scalar);
        return { size: entry.index?.size() ?? 0, rebuilt };
      }
      case "upsert": {
        const entry = this.held(request.root);
        const entries = request.keys.map((key, row) => ({
          key,
          vector: request.vectors.subarray(row * request.dim, (row + 1) * request.dim),
        }));
        if (!entry.index) {
          // The first vectors of the project: they are in the database already, so build from it.
          const opened = await openProjectIndex(entry.store, request.model, request.scalar);
          entry.index = opened?.index ?? null;
          entry.dirty = entry.index !== null;
          return { size: entry.index?.size() ?? 0, rebuilt: opened?.rebuilt ? opened.reason : undefined };
        }
        entry.index.upsert(entries);
        entry.dirty = true;
        return { size: entry.index.size() };
      }
      case "remove": {
        const entry = this.held(request.root);
        if (entry.index && request.keys.length > 0) {
          entry.index.remove(request.keys);
          entry.dirty = true;
        }
        return { size: entry.index?.size() ?? 0 };
      }
      case "close":
        return this.release(request.root);
      case "rebuild": {
        const { entry, rebuilt } = await this.acquire(request.root, request.model, request.scalar);
        // Held by a pass: its copy matches the database, and the file on disk may not.
        if (entry.users > 1 && entry.index) entry.dirty = true;
        const reply = await this.release(request.root);
        return { ...reply, rebuilt };
      }
      case "requantise":
        return this.requantise(request.root, request.model, request.scalar);
    }
  }

  /**
   * Rebuilds the project's saved index from the stored vectors when its scalar type does not
   * follow `scalar`, saving it by rename: search threads keep the file they map until they move.
   * A pass holding the index goes on with the rebuilt one (built from the same database).
   */
  private async requantise(
    root: string,
    model: string,
    scalar: ScalarSetting,
  ): Promise<Omit<WriterReply, "holding">> {
    const held = this.open.get(root);
    const store = held?.store ?? openLibrary(root, { readOnly: true, mounts: mountedStorage });
    try {
      const choice = await savedIndexInfo(store.paths.vectors);
      const expected = indexStamp(store, model);
      if (!choice || !expected || !wantsRequantising(choice, scalar))
        return { size: held?.index?.size() ?? expected?.count ?? 0 };
      const index = await rebuildVectorIndex(store.paths.vectors, expected, () => store.vectors.all(model), {
        scalar,
      });
      if (!index) return { size: expected.count };
      if (held) {
        held.index = index;
        held.dirty = false;
      }
      return {
        size: expected.count,
        rebuilt: `its vectors were stored as ${choice.scalar}, now ${index.scalar}`,
      };
    } finally {
      if (!held) store.close();
    }
  }

  private async acquire(
    root: string,
    model: string,
    scalar: ScalarSetting = "auto",
  ): Promise<{ entry: Open; rebuilt?: string | undefined }> {
    const held = this.open.get(root);
    if (held) {
      held.users += 1;
      return { entry: held };
    }
    const store = openLibrary(root, { readOnly: true, mounts: mountedStorage });
    try {
      const opened = await openProjectIndex(store, model, scalar);
      const entry: Open = { store, index: opened?.index ?? null, dirty: false, users: 1 };
      this.open.set(root, entry);
      return { entry, rebuilt: opened?.rebuilt ? opened.reason : undefined };
    } catch (error) {
      store.close();
      throw error;
    }
  }

  private held(root: string): Open {
    const entry = this.open.get(root);
    if (!entry) throw new Error(`no pass has the vector index of ${root} open`);
    return entry;
  }

  private async release(root: string): Promise<Omit<WriterReply, "holding">> {
    const entry = this.held(root);
    entry.users -= 1;
    try {
      if (entry.dirty && entry.index) {
        await entry.index.save();
        entry.dirty = false;
      }
    } finally {
      if (entry.users <= 0) {
        // The pass's copy is let go: the search threads answer from the saved file, and the
        // thread itself ends once idle (WRITER_IDLE_MS), taking whatever it still held.
        this.open.delete(root);
        entry.store.close();
      }
    }
    return { size: entry.index?.size() ?? 0 };
  }
}

function main(): void {
  const writer = new IndexWriter();
  answerRequests<WriterRequest, WriterReply>(
    async (request) => ({ ...(await writer.handle(request)), holding: writer.holding }),
    { serial: true },
  );
}

main();
