import { Repository } from "../statements.js";

/** Which text a vector embeds: a scene's (scene_idx ≥ 0) or the whole item's (ITEM_VECTOR). */
export const ITEM_VECTOR = -1;

export interface VectorRow {
  id: number;
  media_id: number;
  scene_idx: number;
  model: string;
  dim: number;
  text_hash: string;
}

export interface VectorInput {
  scene_idx: number;
  vector: Float32Array;
  text_hash: string;
}

export interface VectorCounts {
  count: number;
  dim: number | null;
}

/** The two arrays of a VectorOwners, in shared memory: what one thread builds and others are sent. */
export interface OwnerArrays {
  media: Int32Array;
  scenes: Int32Array;
}

/**
 * Which item and scene each vector of a saved index belongs to, held in two typed arrays indexed
 * by vector id: a search maps its hits without a query. Vector ids are never reused, so an entry
 * stays right for as long as its vector is in the index. The arrays live in shared memory, so the
 * search threads of a process share one table per index file.
 */
export class VectorOwners {
  constructor(
    private readonly media: Int32Array,
    private readonly scenes: Int32Array,
  ) {}

  get arrays(): OwnerArrays {
    return { media: this.media, scenes: this.scenes };
  }

  of(key: number): { mediaId: number; sceneIdx: number } | null {
    const mediaId = key < this.media.length ? (this.media[key] as number) : 0;
    return mediaId === 0 ? null : { mediaId, sceneIdx: this.scenes[key] as number };
  }
}

const toBlob = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
const fromBlob = (blob: Buffer) => {
  const copy = new Float32Array(blob.byteLength / 4);
  new Uint8Array(copy.buffer).set(blob);
  return copy;
};

/** Stored embeddings: the source of truth the USearch cache is rebuilt from. */
export class VectorsRepo extends Repository {
  forMedia(mediaId: number): VectorRow[] {
    return this.prepare(
      "SELECT id, media_id, scene_idx, model, dim, text_hash FROM vectors WHERE media_id = ?",
    ).all(mediaId) as VectorRow[];
  }

  /**
   * Which item and scene each vector belongs to. Only the columns stored before the blob are read:
   * a column after it would make SQLite walk the blob's overflow pages for every hit.
   */
  owners(ids: readonly number[]): Pick<VectorRow, "id" | "media_id" | "scene_idx" | "model">[] {
    if (ids.length === 0) return [];
    return this.prepare(
      `SELECT id, media_id, scene_idx, model FROM vectors WHERE id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as Pick<VectorRow, "id" | "media_id" | "scene_idx" | "model">[];
  }

  /** One item's or scene's stored vector for a model (scene_idx ITEM_VECTOR for the item's). */
  at(model: string, mediaId: number, sceneIdx: number): Float32Array | null {
    const row = this.prepare(
      "SELECT vector FROM vectors WHERE media_id = ? AND scene_idx = ? AND model = ?",
    ).get(mediaId, sceneIdx, model) as { vector: Buffer } | undefined;
    return row ? fromBlob(row.vector) : null;
  }

  vector(id: number): Float32Array | null {
    const row = this.prepare("SELECT vector FROM vectors WHERE id = ?").get(id) as
      | { vector: Buffer }
      | undefined;
    return row ? fromBlob(row.vector) : null;
  }

  /**
   * Replaces an item's vectors with `inputs` in one transaction. Every written vector gets a new
   * id (ids are never reused), so the index cache can tell changed content from its keys alone.
   * Returns the new ids, in input order, and the ids that are gone.
   */
  replaceForMedia(
    mediaId: number,
    model: string,
    inputs: readonly VectorInput[],
  ): { ids: number[]; removed: number[] } {
    return this.db.transaction(() => {
      const removed = this.forMedia(mediaId).map((row) => row.id);
      this.prepare("DELETE FROM vectors WHERE media_id = ?").run(mediaId);
      const insert = this.prepare(
        `INSERT INTO vectors (media_id, scene_idx, model, dim, vector, text_hash, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      const stamp = new Date().toISOString();
      const ids = inputs.map((input) =>
        Number(
          insert.run(
            mediaId,
            input.scene_idx,
            model,
            input.vector.length,
            toBlob(input.vector),
            input.text_hash,
            stamp,
          ).lastInsertRowid,
        ),
      );
      return { ids, removed };
    })();
  }

  /** Vectors of another embedding model: never mixed into one index with the current one. */
  removeOtherModels(model: string): number {
    return this.prepare("DELETE FROM vectors WHERE model <> ?").run(model).changes;
  }

  /** Every vector of a model, when a rebuild finds it now answers in another dimension. */
  removeModel(model: string): number {
    return this.prepare("DELETE FROM vectors WHERE model = ?").run(model).changes;
  }

  counts(model: string): VectorCounts {
    return this.prepare("SELECT count(*) AS count, max(dim) AS dim FROM vectors WHERE model = ?").get(
      model,
    ) as VectorCounts;
  }

  /** Ids of a model's vectors, for the index consistency stamp. */
  keys(model: string): number[] {
    return (
      this.prepare("SELECT id FROM vectors WHERE model = ? ORDER BY id", true).all(model) as [number][]
    ).map(([id]) => id);
  }

  /** The owners of a model's vectors with ids up to `maxKey` (what a saved index can return). */
  ownersTable(model: string, maxKey: number): VectorOwners {
    const shared = () => new Int32Array(new SharedArrayBuffer((maxKey + 1) * Int32Array.BYTES_PER_ELEMENT));
    const media = shared();
    const scenes = shared();
    const rows = this.prepare(
      "SELECT id, media_id, scene_idx FROM vectors WHERE model = ? AND id <= ?",
      true,
    ).iterate(model, maxKey) as Iterable<[number, number, number]>;
    for (const [id, mediaId, sceneIdx] of rows) {
      media[id] = mediaId;
      scenes[id] = sceneIdx;
    }
    return new VectorOwners(media, scenes);
  }

  /** Every vector of a model that these items own, for exact scoring. */
  *ofMedia(
    model: string,
    mediaIds: readonly number[],
  ): Generator<{ media_id: number; scene_idx: number; vector: Float32Array }> {
    if (mediaIds.length === 0) return;
    const rows = this.db
      .prepare(
        // Driven from the item list through the (media_id, scene_idx) key: the planner would
        // otherwise walk the model index, every vector of the model, for a few dozen items.
        `SELECT v.media_id, v.scene_idx, v.vector FROM json_each(?) AS j
           CROSS JOIN vectors AS v ON v.media_id = j.value
           WHERE v.model = ?`,
      )
      .iterate(JSON.stringify(mediaIds), model) as Iterable<{
      media_id: number;
      scene_idx: number;
      vector: Buffer;
    }>;
    for (const row of rows)
      yield { media_id: row.media_id, scene_idx: row.scene_idx, vector: fromBlob(row.vector) };
  }

  /** Every stored vector of a model, streamed in id order for an index rebuild. */
  *all(model: string): Generator<{ key: number; vector: Float32Array }> {
    // A statement of its own: a generator may still be iterating when another one starts, and a
    // statement cannot run twice at once.
    const rows = this.db
      .prepare("SELECT id, vector FROM vectors WHERE model = ? ORDER BY id")
      .iterate(model) as Iterable<{ id: number; vector: Buffer }>;
    for (const row of rows) yield { key: row.id, vector: fromBlob(row.vector) };
  }

  /** A sample of stored item vectors for the drift check. */
  sample(model: string, limit: number): { id: number; media_id: number; vector: Float32Array }[] {
    const rows = this.prepare(
      `SELECT id, media_id, vector FROM vectors WHERE model = ? AND scene_idx = ${ITEM_VECTOR}
         ORDER BY id DESC LIMIT ?`,
    ).all(model, limit) as { id: number; media_id: number; vector: Buffer }[];
    return rows.map((r) => ({ id: r.id, media_id: r.media_id, vector: fromBlob(r.vector) }));
  }
}
