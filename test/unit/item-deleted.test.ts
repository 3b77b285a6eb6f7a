import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type FileIdentity,
  ItemDeletedError,
  type ProbeFields,
  type StageOutcome,
} from "../../state/repos/media.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";

const file: FileIdentity = { relPath: "a/clip.mov", kind: "video", size: 10, mtimeMs: 1, fingerprint: "f" };
const probe: ProbeFields = {
  duration_s: 1,
  codec: "h264",
  audio_codec: null,
  fps: 25,
  width: 320,
  height: 240,
  start_timecode: null,
  audio_tracks: 0,
  creation_date: null,
  metadata_json: null,
};
const outcome = (stage: string): StageOutcome => ({
  stage,
  status: "done",
  detail: null,
  startedAt: new Date().toISOString(),
  elapsedMs: 1,
});

describe("stage writes on an item deleted mid-pass", () => {
  let dir: string;
  let lib: LibraryStore;
  let id: number;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-deleted-"));
    lib = openLibrary(dir);
    id = lib.media.saveProbe(file, probe, outcome("probe"));
    lib.edits.remove(id);
  });
  afterEach(async () => {
    lib.close();
    await rm(dir, { recursive: true, force: true });
  });
  const stageRows = () => lib.db.prepare("SELECT count(*) AS n FROM media_stages").get();

  it("completing or failing a stage throws ItemDeletedError and writes nothing", () => {
    expect(() => lib.media.completeStage(id, outcome("thumbnails"), "frames")).toThrow(ItemDeletedError);
    expect(() => lib.media.failStage(id, { ...outcome("frames"), status: "failed" })).toThrow(
      ItemDeletedError,
    );
    expect(stageRows()).toEqual({ n: 0 });
  });

  it("refreshing the probe of the deleted item does not bring its row back", () => {
    expect(() => lib.media.saveProbe(file, probe, outcome("probe"), id)).toThrow(ItemDeletedError);
    expect(lib.media.count()).toBe(0);
    // A file seen for the first time is still inserted.
    expect(lib.media.saveProbe(file, probe, outcome("probe"))).toBeGreaterThan(0);
  });
});
