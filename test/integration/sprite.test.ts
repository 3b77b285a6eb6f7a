import { lstat, open, rm, stat, utimes } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { makeRotatedClip } from "../support/camera/picture.js";
import { runFfmpeg } from "../support/camera/time.js";
import { svc } from "../support/cli.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe", "exiftool");

interface Sprite {
  url: string;
  frames: number;
  columns: number;
  rows: number;
  frame_width: number;
  frame_height: number;
  interval_s: number;
}

interface Item {
  id: number;
  path: string;
  sprite: Sprite | null;
}

const GARBLED_MTIME_S = 1_700_000_000;

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

/** A 4 s 320×180 test pattern with sound: 8 sprite frames, half a second apart. */
const makePattern = (dir: string, name: string) =>
  runFfmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=4"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=4"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"],
    join(dir, name),
  ]);

// One library through a sprite's life, in order: made, backfilled, remade, reshaped, removed.
describe.skipIf(!hasTools)(
  "scrub sprites, made in the analysis pass and served for the grid",
  { shuffle: false },
  () => {
    let api: TestApi;
    let root = "";
    const ids = new Map<string, number>();

    const id = (path: string) => {
      const found = ids.get(path);
      if (found === undefined) throw new Error(`${path} was not ingested`);
      return found;
    };
    const call = async (path: string) => {
      const res = await api.request("GET", path);
      expect(res.status, `${path}: ${res.text.slice(0, 300)}`).not.toBe(500);
      return res;
    };
    const inLibrary = <T>(fn: (lib: ReturnType<typeof openLibrary>) => T): T => {
      const lib = openLibrary(root);
      try {
        return fn(lib);
      } finally {
        lib.close();
      }
    };
    const ingest = async (...flags: string[]) => {
      const result = await svc(["ingest", ...flags], { PROJECT_ROOT: root, SVC_HOME: api.home });
      expect(result.exitCode, result.stderr).toBe(0);
      inLibrary((lib) => {
        for (const row of lib.media.all()) ids.set(row.rel_path, row.id);
      });
    };
    const listed = async () => {
      const list = (await call("/api/media?limit=50")).json<{ items: Item[] }>();
      return new Map(list.items.map((item) => [item.path, item]));
    };
    const spritePath = (path: string) => join(root, ".svc", "thumbs", `${id(path)}.sprite.jpg`);
    const stageRow = (path: string, stage: string) =>
      inLibrary((lib) => lib.media.stages(id(path)).find((s) => s.stage === stage));
    /** Simulates an item ingested before sprites existed. */
    const forgetSprite = async (path: string) => {
      inLibrary((lib) => {
        lib.db.prepare("UPDATE media SET sprite_json = NULL WHERE id = ?").run(id(path));
        lib.db.prepare("DELETE FROM media_stages WHERE media_id = ? AND stage = 'sprite'").run(id(path));
      });
      await rm(spritePath(path), { force: true });
    };

    beforeAll(async () => {
      api = await startApi();
      root = api.root as string;
      await Promise.all([
        makePattern(root, "cam/pattern.mp4"),
        makeRotatedClip(root, "cam/phone.mp4", 90),
        makePattern(root, "cam/garbled.mp4"),
      ]);
      // A whole second, so setting it again later gives the same time to the millisecond.
      await utimes(join(root, "cam/garbled.mp4"), GARBLED_MTIME_S, GARBLED_MTIME_S);
      await ingest();
    }, 180_000);

    afterAll(async () => {
      await api?.close();
    });

    it("lists a video's sprite layout and serves one JPEG of its frames tiled", async () => {
      const item = (await listed()).get("cam/pattern.mp4");
      expect(item?.sprite).toEqual({
        url: `/api/media/${id("cam/pattern.mp4")}/sprite`,
        frames: 8,
        columns: 8,
        rows: 1,
        frame_width: 160,
        frame_height: 90,
        interval_s: 0.5,
      });
      const res = await call(item?.sprite?.url ?? "");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      const { body } = res;
      expect(body.length).toBeLessThan(100_000);
      const picture = await sharp(body).metadata();
      expect({ format: picture.format, width: picture.width, height: picture.height }).toEqual({
        format: "jpeg",
        width: 8 * 160,
        height: 90,
      });
      // Tiles are frames half a second apart of a moving pattern: neighbours differ.
      const tile = (i: number) =>
        sharp(body)
          .extract({ left: i * 160, top: 0, width: 160, height: 90 })
          .greyscale()
          .raw()
          .toBuffer();
      const [a, b] = await Promise.all([tile(0), tile(4)]);
      const diff = a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;
      expect(diff).toBeGreaterThan(5);
      expect(stageRow("cam/pattern.mp4", "sprite")).toMatchObject({
        status: "done",
        detail: "8 frames, 160×90",
      });
    });

    it("turns a phone clip's frames upright", async () => {
      const sprite = (await listed()).get("cam/phone.mp4")?.sprite;
      expect(sprite).toMatchObject({ frame_width: 120, frame_height: 160 });
    });

    it("answers 404 with a reason for an item without a sprite, or that is not there", async () => {
      await forgetSprite("cam/pattern.mp4");
      const res = await call(`/api/media/${id("cam/pattern.mp4")}/sprite`);
      expect(res.status).toBe(404);
      expect(res.json<{ detail: string }>().detail).toMatch(/no scrub sprite yet: it is made at ingest/);
      expect((await listed()).get("cam/pattern.mp4")?.sprite).toBeNull();
      expect((await call("/api/media/999999/sprite")).status).toBe(404);
    });

    it("backfills an item ingested before sprites were made, without running its other stages", async () => {
      const path = "cam/pattern.mp4";
      const framesBefore = stageRow(path, "frames")?.started_at;
      const waveformBefore = stageRow(path, "waveform")?.started_at;
      expect(await exists(spritePath(path))).toBe(false);
      await ingest();
      expect(await exists(spritePath(path))).toBe(true);
      expect(stageRow(path, "frames")?.started_at).toBe(framesBefore);
      expect(stageRow(path, "waveform")?.started_at).toBe(waveformBefore);
      expect((await listed()).get(path)?.sprite).toMatchObject({
        frames: 8,
        columns: 8,
        rows: 1,
        frame_width: 160,
      });
      // Asked once: a second pass leaves it be.
      const made = (await stat(spritePath(path))).mtimeMs;
      await ingest();
      expect((await stat(spritePath(path))).mtimeMs).toBe(made);
    });

    it("makes the sprite again with the thumbnails", async () => {
      const path = "cam/phone.mp4";
      await rm(spritePath(path));
      await ingest("--regenerate-thumbnails");
      expect(await exists(spritePath(path))).toBe(true);
      expect((await call(`/api/media/${id(path)}/sprite`)).status).toBe(200);
    });

    it("makes the sprite again in the new shape after a desqueeze", async () => {
      const path = "cam/pattern.mp4";
      const set = await api.request("PATCH", `/api/media/${id(path)}/desqueeze`, { body: { desqueeze: 2 } });
      expect(set.status, set.text).toBe(200);
      expect(set.json<Item>().sprite).toBeNull();
      expect(await exists(spritePath(path))).toBe(false);
      await ingest();
      // 320×180 shown twice as wide: 640×180, fitted in 160 px (45 lines, made even: 44).
      expect((await listed()).get(path)?.sprite).toMatchObject({
        frames: 8,
        frame_width: 160,
        frame_height: 44,
      });
    });

    it("removes the sprite with the item", async () => {
      const path = "cam/phone.mp4";
      const deleted = await api.request("DELETE", `/api/media/${id(path)}`);
      expect(deleted.status, deleted.text).toBe(200);
      expect(await exists(spritePath(path))).toBe(false);
    });
    it("keeps an item whose picture cannot be decoded for its sprite, saying why it has none", async () => {
      const path = "cam/garbled.mp4";
      await forgetSprite(path);
      // Same size and time, so the pass takes it for the file it ingested: only the sprite is due.
      const file = join(root, path);
      const { size } = await stat(file);
      const handle = await open(file, "r+");
      try {
        await handle.write(Buffer.alloc(size, 0x5a), 0, size, 0);
      } finally {
        await handle.close();
      }
      await utimes(file, GARBLED_MTIME_S, GARBLED_MTIME_S);
      await ingest();
      expect(stageRow(path, "sprite")).toMatchObject({ status: "skipped" });
      const res = await call(`/api/media/${id(path)}/sprite`);
      expect(res.status).toBe(404);
      expect(res.json<{ detail: string }>().detail).toMatch(
        /none could be made: the picture could not be decoded/,
      );
      expect(res.text).not.toContain(root);
      const item = (await call(`/api/media/${id(path)}`)).json<{
        status: string;
        thumbnail_url: string | null;
      }>();
      expect(item).toMatchObject({ status: "done" });
      expect(item.thumbnail_url).not.toBeNull();
    });
  },
);
