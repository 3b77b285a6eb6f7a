import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FileIdentity, ItemDeletedError } from "../../state/repos/media.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";

const file: FileIdentity = { relPath: "a/clip.mov", kind: "video", size: 10, mtimeMs: 1, fingerprint: "f" };
describe("stage writes on an item deleted mid-pass", () => {
  let dir: string;
  let lib: LibraryStore;
  let id: number;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-deleted-"));
    lib = openLibrary(dir);
    id = lib.media.saveProbe(file, CLIP_PROBE, stageDone("probe"));
    lib.edits.remove(id);
  });
  afterEach(async () => {
    lib.close();
    await rm(dir, { recursive: true, force: true });
  });
  const stageRows = () => lib.db.prepare("SELECT count(*) AS n FROM media_stages").get();

  it("completing or failing a stage throws ItemDeletedError and writes nothing", () => {
    expect(() => lib.media.completeStage(id, stageDone("thumbnails"), "frames")).toThrow(ItemDeletedError);
    expect(() => lib.media.failStage(id, { ...stageDone("frames"), status: "failed" })).toThrow(
      ItemDeletedError,
    );
    expect(stageRows()).toEqual({ n: 0 });
  });

  it("refreshing the probe of the deleted item does not bring its row back", () => {
    expect(() => lib.media.saveProbe(file, CLIP_PROBE, stageDone("probe"), id)).toThrow(ItemDeletedError);
    expect(lib.media.count()).toBe(0);
    // A file seen for the first time is still inserted.
    expect(lib.media.saveProbe(file, CLIP_PROBE, stageDone("probe"))).toBeGreaterThan(0);
  });
});
