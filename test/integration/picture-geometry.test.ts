import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";
import {
  ANAMORPHIC,
  INTERLACED,
  makeAnamorphicClip,
  makeHdrPattern,
  makeInterlacedClip,
  makeMatrixClip,
  makeRotatedClip,
  makeSdrPattern,
  makeSqueezeTaggedClip,
  makeZeroAspectClip,
  NOT_ROTATIONS,
} from "../support/camera/picture.js";
import { svc } from "../support/cli.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe", "exiftool");

interface Item {
  id: number;
  path: string;
  status: string;
  width: number;
  height: number;
  display_width: number;
  display_height: number;
  pixel_aspect: string;
  rotation: number;
  desqueeze: number;
  desqueeze_suggested: number | null;
  hdr: string | null;
  field_order: string | null;
}

interface Stream {
  width: number;
  height: number;
  sample_aspect_ratio?: string;
  field_order?: string;
  color_transfer?: string;
  side_data_list?: { side_data_type: string; rotation?: number }[];
}

async function probeVideo(file: string): Promise<Stream> {
  const { stdout } = await execa(process.env.SVC_FFPROBE || "ffprobe", [
    ...["-v", "error", "-select_streams", "v:0", "-show_streams", "-print_format", "json", file],
  ]);
  return (JSON.parse(stdout) as { streams: Stream[] }).streams[0] as Stream;
}

/**
 * How much a picture combs: the mean vertical second difference of its luma. A woven interlaced
 * frame alternates lines along every moving edge; a progressive one has no vertical detail here.
 */
async function combing(picture: Buffer): Promise<number> {
  const { data, info } = await sharp(picture).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = 1; y < info.height - 1; y++)
    for (let x = 0; x < info.width; x++) {
      const at = (row: number) => data[row * info.width + x] ?? 0;
      sum += Math.abs(2 * at(y) - at(y - 1) - at(y + 1));
    }
  return sum / ((info.height - 2) * info.width);
}

const lumaOf = async (picture: Buffer) => {
  const [channel] = (await sharp(picture).greyscale().stats()).channels;
  return { mean: channel?.mean ?? 0, stdev: channel?.stdev ?? 0 };
};

describe.skipIf(!hasTools)("picture geometry, field order and HDR", () => {
  let api: TestApi;
  let root = "";
  const items: Record<string, Item> = {};
  const env = () => ({ PROJECT_ROOT: root, SVC_HOME: api.home });

  const get = async (path: string) => {
    const res = await api.request("GET", path);
    expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
    return res;
  };
  const picture = async (path: string) => (await get(path)).body;
  const logText = async () => {
    const dir = join(api.home, "logs");
    return (await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), "utf8")))).join("");
  };

  beforeAll(async () => {
    api = await startApi();
    root = api.root as string;
    await Promise.all([
      makeAnamorphicClip(root, "hdv.mp4"),
      makeRotatedClip(root, "phone.mp4", 90),
      makeMatrixClip(root, "skewed.mp4", NOT_ROTATIONS.degrees45),
      makeMatrixClip(root, "mirrored.mp4", NOT_ROTATIONS.flip),
      makeInterlacedClip(root, "tff.mp4", "tff"),
      makeInterlacedClip(root, "bff.mp4", "bff"),
      makeSdrPattern(root, "sdr.mp4"),
      makeHdrPattern(root, "pq.mp4", "pq"),
      makeHdrPattern(root, "hlg.mp4", "hlg"),
      makeZeroAspectClip(root, "zero-aspect.mov"),
      makeSqueezeTaggedClip(root, "bm/bmpcc.mov"),
    ]);
    const ingest = await svc(["ingest"], env());
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    const list = (await get("/api/media?limit=100")).json<{ items: Item[] }>();
    for (const item of list.items) items[item.path] = item;
  }, 300_000);

  afterAll(async () => {
    await api?.close();
  });

  it("keeps the coded size and shows a 4:3-pixel clip at 16:9", async () => {
    const hdv = items["hdv.mp4"];
    expect(hdv).toMatchObject({
      width: ANAMORPHIC.width,
      height: ANAMORPHIC.height,
      pixel_aspect: "4:3",
      display_width: ANAMORPHIC.displayWidth,
      display_height: ANAMORPHIC.height,
      rotation: 0,
      field_order: "progressive",
      hdr: null,
    });
    const thumb = await sharp(await picture(`/api/media/${hdv?.id}/thumbnail`)).metadata();
    expect((thumb.width ?? 0) / (thumb.height ?? 1)).toBeCloseTo(16 / 9, 1);
  });

  it("turns a phone clip upright: portrait display size and thumbnail", async () => {
    const phone = items["phone.mp4"];
    expect(phone).toMatchObject({
      width: 320,
      height: 240,
      rotation: 90,
      display_width: 240,
      display_height: 320,
    });
    const thumb = await sharp(await picture(`/api/media/${phone?.id}/thumbnail`)).metadata();
    expect({ width: thumb.width, height: thumb.height }).toEqual({ width: 240, height: 320 });
  });

  it("shows a display matrix that is not a rotation as coded, ingests the item and says why", async () => {
    for (const name of ["skewed.mp4", "mirrored.mp4"]) {
      expect(items[name]).toMatchObject({
        status: "done",
        rotation: 0,
        display_width: 320,
        display_height: 240,
      });
      const thumb = await sharp(await picture(`/api/media/${items[name]?.id}/thumbnail`)).metadata();
      expect({ name, width: thumb.width, height: thumb.height }).toEqual({ name, width: 320, height: 240 });
    }
    const logs = await logText();
    expect(logs).toMatch(/"file":"skewed.mp4".*display matrix is not a rotation/);
    expect(logs).toMatch(/"file":"mirrored.mp4".*display matrix is not a rotation/);
  });

  it("reads a pixel aspect of 0:1 as square pixels, ingests the item and says why", async () => {
    expect(items["zero-aspect.mov"]).toMatchObject({
      status: "done",
      pixel_aspect: "1:1",
      display_width: 160,
      display_height: 120,
    });
    expect(await logText()).toMatch(/"file":"zero-aspect.mov".*pixel aspect 0:1 is not a ratio/);
  });

  it("names the field order and deinterlaces key frames and thumbnails", async () => {
    expect(items["tff.mp4"]?.field_order).toBe("tff");
    expect(items["bff.mp4"]?.field_order).toBe("bff");
    // The measure sees the combing in a frame decoded as it is stored.
    const { stdout: woven } = await execa(
      process.env.SVC_FFMPEG || "ffmpeg",
      [
        "-v",
        "error",
        "-ss",
        "0.5",
        "-i",
        join(root, "tff.mp4"),
        "-frames:v",
        "1",
        "-c:v",
        "png",
        "-f",
        "image2pipe",
        "-",
      ],
      { encoding: "buffer" },
    );
    expect(await combing(Buffer.from(woven))).toBeGreaterThan(20);
    for (const name of ["tff.mp4", "bff.mp4"]) {
      const id = items[name]?.id;
      const keyframe = await picture(`/api/media/${id}/keyframes/0`);
      expect((await sharp(keyframe).metadata()).width).toBe(INTERLACED.width);
      expect({ name, combing: (await combing(keyframe)) < 5 }).toEqual({ name, combing: true });
      const thumb = await picture(`/api/media/${id}/thumbnail`);
      expect({ name, combing: (await combing(thumb)) < 5 }).toEqual({ name, combing: true });
    }
  });

  it("flags PQ and HLG and tone-maps their pictures to look like the SDR pattern", async () => {
    expect(items["pq.mp4"]?.hdr).toBe("pq");
    expect(items["hlg.mp4"]?.hdr).toBe("hlg");
    expect(items["sdr.mp4"]?.hdr).toBeNull();
    const sdr = await lumaOf(await picture(`/api/media/${items["sdr.mp4"]?.id}/thumbnail`));
    for (const name of ["pq.mp4", "hlg.mp4"]) {
      const hdr = await lumaOf(await picture(`/api/media/${items[name]?.id}/thumbnail`));
      // Read as SDR, PQ comes out a flat grey (spread about 40% of the SDR one): washed out.
      expect({ name, mean: Math.abs(hdr.mean - sdr.mean) < 20 }).toEqual({ name, mean: true });
      expect({ name, spread: hdr.stdev > 0.8 * sdr.stdev }).toEqual({ name, spread: true });
    }
    // HEVC needs a playback proxy: it is SDR BT.709 and looks like the pattern too.
    const res = await get(`/api/stream?id=${items["pq.mp4"]?.id}`);
    const proxy = join(api.home, "..", "pq-proxy.mp4");
    await writeFile(proxy, res.body);
    expect((await probeVideo(proxy)).color_transfer).not.toBe("smpte2084");
    const { stdout: frame } = await execa(
      process.env.SVC_FFMPEG || "ffmpeg",
      ["-v", "error", "-ss", "1", "-i", proxy, "-frames:v", "1", "-c:v", "png", "-f", "image2pipe", "-"],
      { encoding: "buffer" },
    );
    const played = await lumaOf(Buffer.from(frame));
    expect(Math.abs(played.mean - sdr.mean)).toBeLessThan(20);
    expect(played.stdev).toBeGreaterThan(0.8 * sdr.stdev);
  });

  it("suggests the squeeze the camera recorded without applying it", () => {
    expect(items["bm/bmpcc.mov"]).toMatchObject({
      desqueeze: 1,
      desqueeze_suggested: 2,
      display_width: 320,
      display_height: 240,
    });
    expect(items["hdv.mp4"]?.desqueeze_suggested).toBeNull();
  });

  it("sets a desqueeze through the API and the CLI: display size and pictures follow", async () => {
    const id = items["bm/bmpcc.mov"]?.id;
    const res = await api.request("PATCH", `/api/media/${id}/desqueeze`, { body: { desqueeze: 2 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json<Item>()).toMatchObject({ id, desqueeze: 2, display_width: 640, display_height: 240 });
    const thumb = await sharp(await picture(`/api/media/${id}/thumbnail`)).metadata();
    expect((thumb.width ?? 0) / (thumb.height ?? 1)).toBeCloseTo(640 / 240, 1);
    const keyframe = await sharp(await picture(`/api/media/${id}/keyframes/0`)).metadata();
    expect((keyframe.width ?? 0) / (keyframe.height ?? 1)).toBeCloseTo(640 / 240, 1);

    const off = await api.request("PATCH", `/api/media/${id}/desqueeze`, { body: { desqueeze: 1.4 } });
    expect(off.status).toBe(422);
    expect(off.json<{ detail: string }>().detail).toMatch(/desqueeze/);
    expect(
      (await api.request("PATCH", "/api/media/99999/desqueeze", { body: { desqueeze: 2 } })).status,
    ).toBe(404);

    const cli = await svc(["media", "desqueeze", String(id), "1.33", "--json"], env());
    expect(cli.exitCode, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({
      desqueeze: 1.33,
      display_width: 424,
      display_height: 240,
    });
    expect((await get(`/api/media/${id}`)).json<Item>()).toMatchObject({
      desqueeze: 1.33,
      display_width: 424,
    });
    // A re-probe keeps the editor's choice in the display size.
    const refresh = await svc(["ingest", "--refresh", "--dir", "bm"], env());
    expect(refresh.exitCode, refresh.stderr).toBe(0);
    expect((await get(`/api/media/${id}`)).json<Item>()).toMatchObject({
      desqueeze: 1.33,
      display_width: 424,
    });
    const refused = await svc(["media", "desqueeze", String(id), "3"], env());
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/desqueeze: must be one of/);
  });

  it("keeps the source's geometry, fields and transfer in editor proxies", async () => {
    const names = ["hdv.mp4", "phone.mp4", "tff.mp4", "pq.mp4"];
    const ids = names.map((name) => items[name]?.id).join(",");
    const made = await svc(["proxy", "editor", "--ids", ids], env(), 300_000);
    expect(made.exitCode, made.stderr).toBe(0);
    const proxy = (name: string) => probeVideo(join(root, "Proxy", name.replace(/\.mp4$/, ".mov")));
    expect(await proxy("hdv.mp4")).toMatchObject({ width: 288, height: 216, sample_aspect_ratio: "4:3" });
    const phone = await proxy("phone.mp4");
    expect({ width: phone.width, height: phone.height }).toEqual({ width: 320, height: 240 });
    expect(phone.side_data_list?.find((s) => s.side_data_type === "Display Matrix")?.rotation).toBe(-90);
    expect((await proxy("tff.mp4")).field_order).toBe("tt");
    expect((await proxy("pq.mp4")).color_transfer).toBe("smpte2084");
  }, 300_000);
});
