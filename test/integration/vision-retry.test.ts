import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { jsonLines, svc } from "../support/cli.js";
import { makeSceneClip, SCENE_CLIP } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

/** A model host that fails for a moment costs a retry, not a key frame; one that keeps failing owes the frame to the next pass. */
describe.skipIf(!hasTools)("vision stage and a model host that fails for a while", () => {
  let clip: string;
  let fixtures: Awaited<ReturnType<typeof tempWorkspace>> | undefined;
  let ws: Awaited<ReturnType<typeof tempWorkspace>> | undefined;
  let host: FakeModelHost | undefined;

  beforeAll(async () => {
    fixtures = await tempWorkspace("svc-vision-retry-fixtures-");
    await mkdir(fixtures.root, { recursive: true });
    clip = await makeSceneClip(fixtures.root);
  }, 60_000);

  afterAll(async () => {
    await fixtures?.cleanup();
  });

  afterEach(async () => {
    await host?.close();
    await ws?.cleanup();
  });

  const setUp = async () => {
    ws = await tempWorkspace("svc-vision-retry-");
    host = await startFakeModelHost({ dim: 16 });
    await copyFile(clip, join(ws.root, "scenes.mp4"));
    return { ws, host, env: ws.env({ OLLAMA_HOST: host.url }) };
  };
  const chats = (h: FakeModelHost) => h.requests.filter((r) => r.path === "/api/chat").length;
  const state = (root: string) => {
    const lib = openLibrary(root);
    try {
      const id = lib.media.byPath("scenes.mp4")?.id as number;
      return {
        described: lib.scenes.forMedia(id).filter((s) => s.description !== null).length,
        vision: lib.media.stages(id).find((s) => s.stage === "vision"),
      };
    } finally {
      lib.close();
    }
  };

  it("asks again after a server error and fills every frame", async () => {
    const { ws, host, env } = await setUp();
    host.failNext("/api/chat", "500", 1);
    const result = await svc(["ingest", "--progress", "json"], env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(chats(host)).toBe(SCENE_CLIP.scenes + 1);
    expect(state(ws.root)).toMatchObject({
      described: SCENE_CLIP.scenes,
      vision: { status: "done", detail: expect.not.stringMatching(/skipped|owed/) },
    });
  });

  it("owes a frame that keeps failing to the next pass, which asks that frame alone", async () => {
    const { ws, host, env } = await setUp();
    // The first frame's question and both retries fail; the other frames are answered.
    host.failNext("/api/chat", "500", 3);
    const first = await svc(["ingest", "--progress", "json"], env);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(jsonLines(first.stdout).at(-1)).toMatchObject({ ingested: 1, failed: 0 });
    expect(chats(host)).toBe(SCENE_CLIP.scenes + 2);
    expect(state(ws.root)).toMatchObject({
      described: SCENE_CLIP.scenes - 1,
      vision: { status: "not_configured", detail: expect.stringMatching(/1 owed after model-host errors/) },
    });

    const before = chats(host);
    const second = await svc(["ingest", "--progress", "json"], env);
    expect(second.exitCode, second.stderr).toBe(0);
    expect(chats(host) - before).toBe(1);
    expect(state(ws.root)).toMatchObject({ described: SCENE_CLIP.scenes, vision: { status: "done" } });
  });
});
