import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { jsonLines, type ServeChild, startServe, svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const VISION = "qwen2.5vl:7b";
const OTHERS = ["bge-m3", "qwen2.5:14b"];

interface LogLine {
  msg: string;
  [key: string]: unknown;
}

describe.skipIf(!hasTools)("items waiting for a model the host lacks, through a real svc serve", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: FakeModelHost;
  let daemon: ServeChild | null = null;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-model-waits-");
    host = await startFakeModelHost({ models: OTHERS });
    await makeStill(ws.root, "png", "a.png");
    await makeStill(ws.root, "jpg", "b.jpg");
  });

  afterAll(async () => {
    if (daemon) {
      daemon.child.kill("SIGTERM");
      await daemon.child;
    }
    await host?.close();
    await ws?.cleanup();
  });

  const logLines = (): LogLine[] =>
    (daemon?.stdout() ?? "")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);
  const passes = () => logLines().filter((l) => l.msg === "ingest pass finished");
  const visionStatuses = () => {
    const lib = openLibrary(ws.root, { readOnly: true });
    try {
      return lib.db
        .prepare(
          `SELECT m.rel_path AS path, s.status FROM media m JOIN media_stages s ON s.media_id = m.id
             WHERE s.stage = 'vision' ORDER BY m.rel_path`,
        )
        .all() as { path: string; status: string }[];
    } finally {
      lib.close();
    }
  };
  const statusCalls = () => host.requests.filter((r) => r.path === "/api/tags").length;

  it("a restart's catch-up plans no ingested item again and is not retried; the waiting items get their vision stage once the host has the model, without a restart", async () => {
    const env = ws.env({ OLLAMA_HOST: host.url, SVC_MODEL_CHECK_S: "0.2" });
    const first = await svc(["ingest", "--progress", "json"], env);
    // The pass did all it could: the missing model is its only problem (exit 2, the pull hint).
    expect(first.exitCode, first.stderr).toBe(2);
    expect(jsonLines(first.stdout).at(-1)).toMatchObject({ event: "summary", ingested: 2, failed: 0 });
    expect(visionStatuses()).toEqual([
      { path: "a.png", status: "not_configured" },
      { path: "b.jpg", status: "not_configured" },
    ]);

    daemon = await startServe({ ...env, SVC_PORT: "0", SVC_MCP_PORT: "0" });
    const [catchUp] = await until("the start-up catch-up pass", () =>
      passes().length > 0 ? passes() : null,
    );
    expect(catchUp).toMatchObject({ ingested: 0, unchanged: 2, failed: 0 });
    // The host is looked at on the timer (a status call each time) while the items wait; the
    // pass is neither repeated nor backed off.
    const calls = statusCalls();
    await until("three more looks at the model host", () => statusCalls() >= calls + 3);
    expect(passes()).toHaveLength(1);
    expect(logLines().filter((l) => l.msg === "ingest pass failed; backing off")).toEqual([]);
    expect(visionStatuses().map((s) => s.status)).toEqual(["not_configured", "not_configured"]);

    host.setModels([...OTHERS, VISION]);
    const resumed = await until("the waiting items resumed", () =>
      logLines().find((l) => l.msg === "items that waited for a model were resumed"),
    );
    expect(resumed).toMatchObject({ stages: ["vision"], items: 2 });
    expect(visionStatuses()).toEqual([
      { path: "a.png", status: "done" },
      { path: "b.jpg", status: "done" },
    ]);
    // One pass of exactly the two waiting items, after the catch-up: the library was not walked.
    expect(passes().map((p) => [p.ingested, p.unchanged])).toEqual([
      [0, 2],
      [2, 0],
    ]);
  });
});
