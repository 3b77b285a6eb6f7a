import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFfmpeg } from "../../adapters/ffmpeg.js";
import { BUILTIN_PROFILE_IDS, bt709Oetf, logProfile, shoulder } from "../../formats/log-curves.js";
import { lutPathFor } from "../../pipeline/luts.js";
import { loadConfig } from "../../state/config.js";
import { OFFLINE } from "../support/env.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg");
const BIN = process.env.SVC_FFMPEG || "ffmpeg";
const PATCH = 64;

/** The code value (0..1) whose decode is 18 % grey, by bisection. */
function midGreyCode(id: (typeof BUILTIN_PROFILE_IDS)[number]): number {
  const { decode } = logProfile(id);
  let [lo, hi] = [0, 1];
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    [lo, hi] = decode(mid) < 0.18 ? [mid, hi] : [lo, mid];
  }
  return (lo + hi) / 2;
}

/**
 * A log-encoded grey ramp as a camera records it: 10-bit 4:4:4 video-range YUV, one patch per
 * code value, neutral chroma, in a lossless FFV1 file.
 */
async function greyRamp(dir: string, name: string, codes: readonly number[]): Promise<string> {
  const width = PATCH * codes.length;
  const plane = (value: (x: number) => number) => {
    const bytes = Buffer.alloc(width * PATCH * 2);
    for (let y = 0; y < PATCH; y++)
      for (let x = 0; x < width; x++) bytes.writeUInt16LE(value(x), 2 * (y * width + x));
    return bytes;
  };
  const luma = plane((x) => Math.round((codes[Math.floor(x / PATCH)] as number) * 1023));
  const chroma = plane(() => 512);
  const raw = join(dir, `${name}.yuv`);
  await writeFile(raw, Buffer.concat([luma, chroma, chroma]));
  const out = join(dir, `${name}.mkv`);
  await execa(BIN, [
    ...["-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv444p10le", "-s", `${width}x${PATCH}`, "-r", "1"],
    ...["-i", raw, "-frames:v", "1", "-c:v", "ffv1", "-color_range", "tv", "-y", out],
  ]);
  return out;
}

/** The mean of each channel over the middle of patch `index`, 0..1. */
async function patchLevel(png: Buffer, index: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  let n = 0;
  for (let y = PATCH / 4; y < (3 * PATCH) / 4; y++)
    for (let x = index * PATCH + PATCH / 4; x < index * PATCH + (3 * PATCH) / 4; x++) {
      for (let c = 0; c < 3; c++)
        sums[c] = (sums[c] as number) + (data[(y * info.width + x) * 3 + c] as number);
      n++;
    }
  return sums.map((s) => s / n / 255) as [number, number, number];
}

describe.skipIf(!hasTools)("built-in profiles rendered by ffmpeg's lut3d", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let config: ReturnType<typeof loadConfig>;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-colour-");
    // Characters ffmpeg's filter syntax treats specially, so the LUT path's escaping is exercised.
    const home = join(ws.base, "home, it's: [luts];");
    await mkdir(home, { recursive: true });
    config = loadConfig({ ...OFFLINE, SVC_HOME: home });
  });
  afterAll(async () => {
    await ws?.cleanup();
  });

  it.each(BUILTIN_PROFILE_IDS.map((id) => [id]))(
    "%s puts the mid-grey patch at 0.41 ± 0.02 and the others where the curve says",
    async (id) => {
      const codes = [0.1, midGreyCode(id), 0.6];
      const clip = await greyRamp(ws.base, id, codes);
      const lut = await lutPathFor(config, id);
      const png = await createFfmpeg(BIN).frameAt(clip, 0, PATCH * codes.length, undefined, false, lut);
      for (const [index, code] of codes.entries()) {
        const want =
          index === 1 ? 0.41 : Math.min(1, bt709Oetf(shoulder(Math.max(0, logProfile(id).decode(code)))));
        for (const level of await patchLevel(png, index))
          expect(Math.abs(level - want), `patch ${index}`).toBeLessThan(0.02);
      }
    },
  );

  it("leaves the picture as decoded without a LUT", async () => {
    const clip = await greyRamp(ws.base, "plain", [0.6]);
    const [level] = await patchLevel(await createFfmpeg(BIN).frameAt(clip, 0, PATCH), 0);
    // Video range expanded to full: (614 − 64) / 876.
    expect(Math.abs((level as number) - 550 / 876)).toBeLessThan(0.01);
  });

  it("generates a built-in's LUT at first use; concurrent first uses and readers never see part of it", async () => {
    const file = join(config.home, "luts", "builtin", "bmdfilm5.v1.cube");
    const rows = (text: string) =>
      text.split("\n").filter((line) => /^[\d.]+ [\d.]+ [\d.]+$/.test(line)).length;
    let settled = false;
    const seen: number[] = [];
    const reader = (async () => {
      while (!settled) {
        const text = await readFile(file, "utf8").catch(() => null);
        if (text !== null) seen.push(rows(text));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const paths = await Promise.all(Array.from({ length: 6 }, () => lutPathFor(config, "bmdfilm5")));
    settled = true;
    await reader;
    expect(new Set(paths)).toEqual(new Set([file]));
    expect(seen.every((n) => n === 33 ** 3)).toBe(true);
    const text = await readFile(file, "utf8");
    expect(text.split("\n").slice(0, 2)).toEqual([
      'TITLE "Blackmagic Film Gen 5 / Wide Gamut"',
      "LUT_3D_SIZE 33",
    ]);
    expect(rows(text)).toBe(33 ** 3);
    expect(
      (await readdir(join(config.home, "luts", "builtin"))).filter((name) => name.endsWith(".tmp")),
    ).toEqual([]);
  });
});
