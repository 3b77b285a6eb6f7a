import { copyFile, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type SvcChild, startSvc, svc } from "../support/cli.js";
import { makeSceneClip } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");

/**
 * Ctrl-C or SIGTERM while a command waits on the model host: the command stops at once, says so,
 * exits 130 as a shell expects, and leaves no temp files behind. The model host never answers
 * ("timeout" mode), so only the signal can end the wait.
 */
describe.skipIf(!hasTools)("commands stopped by a signal", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: FakeModelHost;
  let env: Record<string, string>;
  let child: SvcChild | undefined;

  const start = (args: string[]) => {
    child = startSvc(args, env);
    return child;
  };

  beforeEach(async () => {
    ws = await tempWorkspace("svc-signals-");
    host = await startFakeModelHost({ dim: 16 });
    env = ws.env({ OLLAMA_HOST: host.url, SVC_ASR: "none" });
    const fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    await copyFile(await makeSceneClip(fixtures), join(ws.root, "scenes.mp4"));
  });

  afterEach(async () => {
    child?.kill("SIGKILL");
    await host.close();
    await ws.cleanup();
  });

  it.each(["SIGINT", "SIGTERM"] as const)(
    "svc ingest waiting on the vision model exits 130 on %s",
    async (signal) => {
      host.failNext("/api/chat", "timeout", 1000);
      const run = start(["ingest", "--progress", "json"]);
      await until("the first vision request", () => host.requests.some((r) => r.path === "/api/chat"));
      const sent = Date.now();
      run.kill(signal);
      const result = await run;
      expect(Date.now() - sent).toBeLessThan(10_000);
      expect(result.exitCode, String(result.stderr)).toBe(130);
      expect(String(result.stderr)).toMatch(/interrupted; the next pass resumes/);
      expect(String(result.stderr)).not.toMatch(/unexpected error|\n\s+at /);
      const svcDir = await readdir(join(ws.root, ".svc"), { recursive: true });
      expect(svcDir.filter((name) => /\.tmp$|\.analyse-/.test(name))).toEqual([]);
    },
  );

  it("svc embed waiting on the embedding model exits 130 on SIGINT and keeps what it stored", async () => {
    const first = await svc(["ingest", "--no-embed"], env);
    expect(first.exitCode, first.stderr).toBe(0);
    host.failNext("/api/embed", "timeout", 1);
    const run = start(["embed"]);
    await until("the first embedding request", () => host.requests.some((r) => r.path === "/api/embed"));
    run.kill("SIGINT");
    const result = await run;
    expect(result.exitCode, String(result.stderr)).toBe(130);
    expect(String(result.stderr)).toMatch(/embedding interrupted/);
    expect(String(result.stderr)).not.toMatch(/unexpected error/);
    const again = await svc(["embed", "--json"], env);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ embedded: 1 });
  });
});
