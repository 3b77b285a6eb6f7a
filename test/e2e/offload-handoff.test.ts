import { mkdir, utimes } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { type ServeChild, startServe } from "../support/cli.js";
import { makeTimecodedClip } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");

describe.skipIf(!hasTools)("svc serve: an offload into a registered project", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let daemon: ServeChild["child"];
  let stdout: () => string;
  let url = "";

  beforeAll(async () => {
    ws = await tempWorkspace();
    // Over the API a card is read only from an allowed folder: the card below is in cards/.
    ({
      child: daemon,
      url,
      stdout,
    } = await startServe(
      ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_OFFLOAD_SOURCES: join(ws.base, "cards") }),
    ));
    await until("the catch-up pass", () => stdout().includes('"ingest pass finished"'));
  }, 90_000);

  afterAll(async () => {
    if (daemon.exitCode === null) daemon.kill("SIGKILL");
    await ws.cleanup();
  });

  it("ingests the footage once its copies are verified, never a temp", async () => {
    const card = join(ws.base, "cards", "A001");
    await mkdir(join(card, "CLIPS"), { recursive: true });
    const clip = await makeTimecodedClip(join(card, "CLIPS"), "A001C001.mp4", { seconds: 2 });
    const shot = new Date(Date.now() - 3_600_000);
    await utimes(clip, shot, shot);
    const res = await fetch(new URL("/api/offload", url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: card, dests: [join(ws.root, "Day01", "A001")] }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const rel = "Day01/A001/CLIPS/A001C001.mp4";
    await until(
      "the offloaded clip in the library",
      () => {
        const lib = openLibrary(ws.root);
        try {
          return lib.media.byPath(rel) !== undefined;
        } finally {
          lib.close();
        }
      },
      { timeoutMs: 60_000 },
    );
    // The copy is ingested as soon as it is in place; the job ends after its manifest and report.
    const job = await until("the offload job to end", async () => {
      const status = (await (await fetch(new URL("/api/offload/status", url))).json()) as {
        jobs: { state: string; dests: { files_done: number; failed: number }[] }[];
      };
      return status.jobs[0]?.state === "running" ? undefined : status.jobs[0];
    });
    expect(job).toMatchObject({ state: "done", dests: [{ files_done: 1, failed: 0 }] });
    const lib = openLibrary(ws.root);
    try {
      // The hidden temp was never probed: no failure, and the only item is the verified copy.
      expect(lib.failures.count()).toBe(0);
      expect(lib.media.byPath(rel)?.start_timecode).toBe("01:00:00:00");
    } finally {
      lib.close();
    }
  }, 90_000);
});
