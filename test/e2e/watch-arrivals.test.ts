import { copyFile, mkdir, rename, stat, utimes } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { type ServeChild, startServe } from "../support/cli.js";
import { makeTimecodedClip, writeSlowly } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");
// Long enough that only a file seen to have arrived whole can be listed before it is over.
const SETTLE_MS = 10_000;

describe.skipIf(!hasTools)("svc serve: files arriving in a watched folder", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let daemon: ServeChild["child"];
  let stdout: () => string;
  let url = "";
  let clip = "";
  let fixtures = "";

  const listed = async (name: string) => {
    const res = await fetch(new URL("/api/media?limit=500", url));
    const page = (await res.json()) as { items: { name: string }[] };
    return page.items.some((item) => item.name === name);
  };
  // A half-written clip that was probed shows up as an item or as a failed file.
  const probed = (rel: string) => {
    const lib = openLibrary(ws.root);
    try {
      return lib.media.byPath(rel) !== undefined || lib.failures.count() > 0;
    } finally {
      lib.close();
    }
  };

  beforeAll(async () => {
    ws = await tempWorkspace();
    fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    clip = await makeTimecodedClip(fixtures);
    ({
      child: daemon,
      url,
      stdout,
    } = await startServe(
      ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_WATCH_SETTLE_MS: String(SETTLE_MS) }),
    ));
    await until("the catch-up pass", () => stdout().includes('"ingest pass finished"'));
  }, 90_000);

  afterAll(async () => {
    if (daemon.exitCode === null) daemon.kill("SIGKILL");
    await ws.cleanup();
  });

  it("lists a clip renamed in whole long before the settle time is over", async () => {
    const staged = join(fixtures, "A010.mp4");
    await copyFile(clip, staged);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(staged, hourAgo, hourAgo);
    await rename(staged, join(ws.root, "A010.mp4"));
    await until("the renamed clip in the list", () => listed("A010.mp4"), { timeoutMs: SETTLE_MS / 2 });
  });

  it("lists a clip renamed in a second after it was written long before the settle time is over", async () => {
    // As rsync without -t, a browser (.crdownload) or a copy tool leaves it: written elsewhere,
    // modified a moment ago, then renamed in. Only its entry changed after its last write.
    const staged = join(fixtures, "A012.mp4");
    await copyFile(clip, staged);
    const secondAgo = new Date(Date.now() - 1_000);
    await utimes(staged, secondAgo, secondAgo);
    await rename(staged, join(ws.root, "A012.mp4"));
    await until("the renamed clip in the list", () => listed("A012.mp4"), { timeoutMs: SETTLE_MS / 2 });
  });

  it(
    "does not ingest a clip while it is still being written, and does once it stops growing",
    async () => {
      const target = join(ws.root, "A011.mp4");
      const growing = writeSlowly(clip, target, { chunks: 8, intervalMs: 400 });
      let done = false;
      void growing.then(() => {
        done = true;
      });
      while (!done) {
        expect(probed("A011.mp4")).toBe(false);
        await new Promise((r) => setTimeout(r, 100));
      }
      const finalSize = (await stat(target)).size;
      const row = await until(
        "the clip once it stopped growing",
        () => {
          const lib = openLibrary(ws.root);
          try {
            return lib.media.byPath("A011.mp4");
          } finally {
            lib.close();
          }
        },
        { timeoutMs: SETTLE_MS * 3 },
      );
      expect(row.size).toBe(finalSize);
    },
    SETTLE_MS * 4,
  );
});
