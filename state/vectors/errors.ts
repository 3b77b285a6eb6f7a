/** A caller's misuse of the index (a bad key, vector or stamp), or a saved index that cannot be used. */
export class VectorIndexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VectorIndexError";
  }
}

/** A saved index file or its sidecar that cannot be trusted; the writer rebuilds, a reader refuses. */
export class BadIndexFile extends Error {}
