import { spawnSync } from "node:child_process";
import { mkdir, readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT, UserError } from "../../domain/errors.js";
import { applyCorrections } from "../../library/transcripts/recorrect.js";
import { BackupWriter } from "../../library/transcripts/transcript-backups.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { seedClip } from "../support/rows.js";
import { tempWorkspace } from "../support/temp.js";

// Enough transcript text that the snapshot flushes to its file before it is sealed.
const ITEMS = 24;
const WORDS_PER_ITEM = 20_000;
const RULE = { from: "Jon", to: "John", scope: "word" as const, pre: false, post: true };

describe("a transcript backup that cannot be written", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let lib: LibraryStore;
  let backups: string;
  const rows = () =>
    lib.db.prepare("SELECT media_id, language, text FROM transcripts ORDER BY media_id").all() as {
      text: string;
    }[];

  beforeAll(async () => {
    ws = await tempWorkspace("svc-backup-full-");
    lib = openLibrary(ws.root);
    const text = Array.from({ length: WORDS_PER_ITEM }, () => "Jon").join(" ");
    for (let i = 0; i < ITEMS; i += 1) {
      const id = seedClip(lib, i);
      lib.transcripts.save(
        id,
        { language: "en", text, segments_json: "[]", words_json: "[]", backend: "test" },
        true,
      );
    }
    backups = lib.paths.backups;
    await mkdir(backups, { recursive: true });
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", backups], {
      encoding: "utf8",
    });
    expect(mounted.status, mounted.stderr).toBe(0);
  });
  afterAll(async () => {
    spawnSync("umount", [backups]);
    lib.close();
    await ws.cleanup();
  });

  it("refuses the recorrect it was for: nothing changes and no temp file stays", () => {
    const before = rows();
    let thrown: unknown;
    try {
      applyCorrections(lib, [RULE]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect(thrown).toMatchObject({
      exitCode: EXIT.migrationBackup,
      status: 503,
      message: "the backup cannot be written to .svc/backups (ENOSPC); nothing was changed",
    });
    expect(rows()).toEqual(before);
    return expect(readdir(backups)).resolves.toEqual([]);
  });

  it("reports a failed seal to its caller, and an abort afterwards is harmless", async () => {
    const writer = new BackupWriter(backups, "retranscribe");
    writer.saveMirror({ id: 1, transcript: "x".repeat(128 * 1024), segments_json: null, words_json: null });
    expect(() => writer.finish()).toThrow(/^the backup cannot be written to \.svc\/backups \(ENOSPC\)/);
    writer.abort();
    expect(await readdir(backups)).toEqual([]);
  });
});
