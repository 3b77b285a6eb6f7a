import { copyFile, lstat, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { type JsonEvent, jsonLines, startSvc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const FILES = ["doomed.png", "kept.png", "later.png"];

describe.skipIf(!hasTools)("a delete while an ingest pass runs", () => {
  let fixtures: string;
  let still: string;
  let host: FakeModelHost;
  let api: TestApi | undefined;
  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), "svc-delete-race-"));
    still = await makeStill(fixtures, "png");
  });
  afterEach(async () => {
    await api?.close();
    api = undefined;
    await host?.close();
  });
  afterAll(async () => {
    await rm(fixtures, { recursive: true, force: true });
  });

  /**
   * A served project with three stills, and an ingest pass over it running in its own process, as
   * `svc ingest` beside a running daemon does. Every model-host answer takes 1.5 s and the host is
   * asked about two items at a time, so the third item's vision and embed stages come last.
   */
  const passUnderWay = async () => {
    host = await startFakeModelHost({ latencyMs: 1_500 });
    const env = { OLLAMA_HOST: host.url, SVC_ASR: "none" };
    const served = await startApi({ env });
    api = served;
    const root = served.root as string;
    for (const name of FILES) await copyFile(still, join(root, name));
    const pass = startSvc(
      ["ingest", "--progress", "json"],
      { PROJECT_ROOT: root, SVC_HOME: served.home, ...env },
      { timeoutMs: 120_000 },
    );
    const row = (relPath: string) => {
      const lib = openLibrary(root);
      try {
        return lib.media.byPath(relPath);
      } finally {
        lib.close();
      }
    };
    return { api: served, root, pass, row };
  };

  it("is not refused, and the stage that finishes on the deleted item ends cleanly", async () => {
    const { api, root, pass, row } = await passUnderWay();
    await until(
      "the vision stage to ask the model host about the item",
      () => host.requests.some((r) => r.path === "/api/chat") && row("doomed.png")?.next_stage === "vision",
      { timeoutMs: 60_000 },
    );
    const id = row("doomed.png")?.id as number;

    const res = await api.request("DELETE", `/api/media/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({ id, status: "deleted", file: "trashed" });

    const result = await pass;
    expect(result.stderr).toBe("");
    const events = jsonLines(String(result.stdout));
    const files = Object.fromEntries(
      events.filter((e) => e.event === "file").map((e) => [e.path, [e.status, e.reason ?? null]]),
    );
    expect(files).toEqual({
      "doomed.png": ["skipped", "deleted during the pass"],
      "kept.png": ["ingested", null],
      "later.png": ["ingested", null],
    });
    const summary = events.at(-1) as JsonEvent;
    expect(summary).toMatchObject({ event: "summary", ingested: 2, skipped: 1, failed: 0, reconciled: true });
    expect(result.exitCode).toBe(0);

    // Nothing of the deleted item came back: no row, no failure record, no derived files.
    const after = openLibrary(root);
    try {
      expect(
        after.media
          .all()
          .map((r) => r.rel_path)
          .sort(),
      ).toEqual(["kept.png", "later.png"]);
      expect(after.db.prepare("SELECT count(*) AS n FROM failures").get()).toEqual({ n: 0 });
    } finally {
      after.close();
    }
    await expect(lstat(join(root, ".svc", "thumbs", `${id}.jpg`))).rejects.toMatchObject({ code: "ENOENT" });
    expect(await readdir(join(root, ".svc", "frames"))).not.toContain(String(id));
    expect((await lstat(join(root, ".svc", "trash", "doomed.png"))).isFile()).toBe(true);
  });

  it("counts an item deleted after it finished as ingested, and the pass still reconciles", async () => {
    const { api, root, pass, row } = await passUnderWay();
    let first = "";
    await until(
      "an item to finish while another is still under way",
      () => {
        const done = FILES.filter((name) => row(name)?.status === "done");
        first = done[0] ?? "";
        return done.length > 0 && done.length < FILES.length;
      },
      { timeoutMs: 60_000 },
    );
    const id = row(first)?.id as number;
    const res = await api.request("DELETE", `/api/media/${id}`);
    expect(res.status, res.text).toBe(200);

    const result = await pass;
    const events = jsonLines(String(result.stdout));
    const statuses = events.filter((e) => e.event === "file").map((e) => [e.path, e.status]);
    expect(statuses.sort()).toEqual(FILES.map((name) => [name, "ingested"]));
    expect(events.at(-1)).toMatchObject({ event: "summary", ingested: 3, failed: 0, reconciled: true });
    expect(result.exitCode).toBe(0);
    const lib = openLibrary(root);
    try {
      expect(
        lib.media
          .all()
          .map((r) => r.rel_path)
          .sort(),
      ).toEqual(FILES.filter((name) => name !== first));
    } finally {
      lib.close();
    }
  });
});
