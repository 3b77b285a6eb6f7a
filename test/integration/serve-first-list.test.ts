import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { type ServeChild, startServe, svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");

/** Whether the project's catch-up pass holds its ingest slot, as the registry records it. */
function passRunning(home: string): boolean {
  let db: Database.Database | null = null;
  try {
    db = new Database(join(home, "registry.db"), { readonly: true, fileMustExist: true });
    const row = db.prepare("SELECT count(*) AS n FROM slots WHERE name LIKE 'ingest:%'").get() as {
      n: number;
    };
    return row.n > 0;
  } catch {
    // The daemon makes the registry and its tables as it starts.
    return false;
  } finally {
    db?.close();
  }
}

// issue 34: the first list must not wait for the catch-up pass, however long the library makes it.
describe.skipIf(!hasTools)("svc serve at start", () => {
  let serve: ServeChild | null = null;
  let host: FakeModelHost | null = null;
  let cleanup: (() => Promise<void>) | null = null;

  afterEach(async () => {
    serve?.child.kill("SIGKILL");
    await serve?.child;
    serve = null;
    await host?.close();
    host = null;
    await cleanup?.();
  });

  it("answers the first list while its catch-up pass is still running", async () => {
    const ws = await tempWorkspace("svc-first-list-");
    cleanup = ws.cleanup;
    host = await startFakeModelHost();
    const env = { PROJECT_ROOT: ws.root, SVC_HOME: ws.home, OLLAMA_HOST: host.url };
    const still = await makeStill(join(ws.base, "fixtures"), "png");
    await mkdir(join(ws.root, "card"), { recursive: true });
    for (const name of ["A.png", "B.png"]) await copyFile(still, join(ws.root, "card", name));
    const ingested = await svc(["ingest"], env);
    expect(ingested.exitCode, ingested.stderr).toBe(0);

    // A file added while svc was not running, and a model host that now answers nothing: the
    // catch-up pass at start stays on it for as long as the test looks.
    await copyFile(still, join(ws.root, "card", "C.png"));
    host.setLatency(10 * 60_000);
    serve = await startServe({ ...env, SVC_PORT: "0", SVC_MCP_PORT: "0" });
    await until("the catch-up pass to start", () => passRunning(ws.home) || undefined);

    const res = await fetch(`${serve.url.replace(/\/$/, "")}/api/media?limit=50`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { total: number; items: { path: string }[] };
    expect(page.items.map((i) => i.path)).toEqual(expect.arrayContaining(["card/A.png", "card/B.png"]));
    expect(passRunning(ws.home)).toBe(true);
  }, 120_000);
});
