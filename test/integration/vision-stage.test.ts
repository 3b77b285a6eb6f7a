import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { jsonLines, svc } from "../support/cli.js";
import { makeSceneClip, SCENE_CLIP } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

describe.skipIf(!hasTools)("vision stage: a failed key frame is recorded and skipped, then resumed", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: FakeModelHost;
  let env: Record<string, string>;

  const scenes = () => {
    const lib = openLibrary(ws.root);
    try {
      const id = lib.media.byPath("scenes.mp4")?.id as number;
      return { scenes: lib.scenes.forMedia(id), stages: lib.media.stages(id) };
    } finally {
      lib.close();
    }
  };

  beforeAll(async () => {
    ws = await tempWorkspace("svc-vision-");
    host = await startFakeModelHost({ dim: 32 });
    env = ws.env({ OLLAMA_HOST: host.url, SVC_ASR: "none" });
    const fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    await copyFile(await makeSceneClip(fixtures), join(ws.root, "scenes.mp4"));
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    await ws?.cleanup();
  });

  // One story: the vision-only pass has something to ask again only after a pass lost a key frame.
  it("an answer off the schema costs one key frame, not the item or the pass; svc ingest --vision-only asks again for the frames that have no answer yet, and only those", async () => {
    host.failNext("/api/chat", "malformed", 1);
    const result = await svc(["ingest", "--progress", "json"], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ ingested: 1, failed: 0 });
    const { scenes: rows, stages } = scenes();
    expect(rows).toHaveLength(SCENE_CLIP.scenes);
    const failed = rows.filter((s) => s.description === null);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.vision_error).toMatch(/invalid JSON/);
    expect(rows.filter((s) => s.description !== null)).toHaveLength(SCENE_CLIP.scenes - 1);
    expect(stages.find((s) => s.stage === "vision")).toMatchObject({
      status: "done",
      detail: expect.stringMatching(/1 skipped/),
    });

    const asked = () => host.requests.filter((r) => r.path === "/api/chat").length;
    const before = asked();
    const again = await svc(["ingest", "--vision-only", "--progress", "json"], env);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(asked() - before).toBe(1);
    const { scenes: resumed } = scenes();
    expect(resumed.every((s) => s.description !== null && s.vision_error === null)).toBe(true);
  });
});
