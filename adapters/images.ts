import type { ResizeOptions, SharpOptions } from "sharp";

export interface StillInfo {
  format: string;
  width: number | null;
  height: number | null;
  pages: number;
}

export interface Images {
  info(file: string): Promise<StillInfo>;
  /** Resizes (never enlarges) to at most `width` and encodes JPEG; the first frame of animations. */
  thumbnail(input: string | Buffer, width: number): Promise<Buffer>;
  /** Mean luma 0–255 and its spread, to tell a black or blank frame from a picture. */
  luma(input: Buffer): Promise<{ mean: number; stdev: number }>;
  /** Variance of the Laplacian of the picture in grey at a fixed size: higher means sharper detail. */
  focus(input: string | Buffer): Promise<number>;
  /** Mean luma 0–255 and the shares of pixels crushed to black (≤ 5) and blown to white (≥ 250). */
  exposure(input: string | Buffer): Promise<ExposureStats>;
  /** Mean absolute difference 0–1 between two pictures in grey at one small size. */
  difference(a: Buffer, b: Buffer): Promise<number>;
  /** Loads libvips now, while the caller waits on something else, rather than at the first picture. */
  warm(): Promise<void>;
}

export interface ExposureStats {
  mean: number;
  shadowsClipped: number;
  highlightsClipped: number;
}

// Untrusted stills can be decompression bombs; sharp refuses anything above this pixel count.
const PIXEL_LIMIT = 268_402_689;

// Sharpness depends on scale, so every picture is measured inside the same box: scores stay
// comparable between a 4K still and a 480 px key frame, and the work per picture stays small.
const MEASURE_BOX = 512;
// Motion only needs coarse structure; aspect ratio does not matter for a mean difference.
const DIFF_WIDTH = 128;
const DIFF_HEIGHT = 72;
const SHADOW_LEVEL = 5;
const HIGHLIGHT_LEVEL = 250;

type GreyPixels = { data: Buffer; width: number; height: number };

/** Discrete Laplacian (4-neighbour kernel) over the interior pixels, then its variance. */
function laplacianVariance({ data, width, height }: GreyPixels): number {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let sumSq = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v =
        data.readUInt8(i - width) +
        data.readUInt8(i + width) +
        data.readUInt8(i - 1) +
        data.readUInt8(i + 1) -
        4 * data.readUInt8(i);
      sum += v;
      sumSq += v * v;
    }
  }
  const n = (width - 2) * (height - 2);
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

type SharpFactory = typeof import("sharp")["default"];

export function createImages(): Images {
  // Loading libvips adds about 10 MB to the idle daemon: one that finds nothing new to ingest
  // never loads it. Its operation cache is off because each file is decoded once: the cache only
  // kept 15–40 MB of decoded stills resident after a burst of ingest. One libvips thread per
  // operation: the CPU queue already runs one file per core, and every extra thread grows a glibc
  // arena that stays resident. A daemon started by hand (no MALLOC_ARENA_MAX) idled at 163 MB after
  // ingesting 40 1080p clips with libvips' default (a thread per core), 122 MB with one thread.
  let loading: Promise<SharpFactory> | null = null;
  const library = () => {
    loading ??= import("sharp").then(({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    });
    return loading;
  };
  const load = async (input: string | Buffer, options: SharpOptions) => (await library())(input, options);
  const open = (input: string | Buffer) =>
    load(input, { limitInputPixels: PIXEL_LIMIT, pages: 1, failOn: "error" });
  // Transparency goes on mid grey: neither black nor white, so it does not read as clipped.
  const grey = async (input: string | Buffer, resize: ResizeOptions): Promise<GreyPixels> => {
    const { data, info } = await (await open(input))
      .rotate()
      .flatten({ background: "#808080" })
      .resize(resize)
      .toColourspace("b-w")
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const measured = (input: string | Buffer) =>
    grey(input, { width: MEASURE_BOX, height: MEASURE_BOX, fit: "inside" });
  const small = (input: Buffer) => grey(input, { width: DIFF_WIDTH, height: DIFF_HEIGHT, fit: "fill" });
  return {
    async warm() {
      await library();
    },
    async info(file) {
      const meta = await (await load(file, { limitInputPixels: PIXEL_LIMIT })).metadata();
      return {
        format: meta.format ?? "unknown",
        width: meta.width ?? null,
        height: meta.height ?? null,
        pages: meta.pages ?? 1,
      };
    },
    async thumbnail(input, width) {
      return (await open(input))
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    },
    async luma(input) {
      const stats = await (await open(input)).greyscale().stats();
      const channel = stats.channels[0];
      return { mean: channel?.mean ?? 0, stdev: channel?.stdev ?? 0 };
    },
    async focus(input) {
      return laplacianVariance(await measured(input));
    },
    async exposure(input) {
      const { data } = await measured(input);
      let sum = 0;
      let shadows = 0;
      let highlights = 0;
      for (const v of data) {
        sum += v;
        if (v <= SHADOW_LEVEL) shadows++;
        if (v >= HIGHLIGHT_LEVEL) highlights++;
      }
      const n = Math.max(1, data.length);
      return { mean: sum / n, shadowsClipped: shadows / n, highlightsClipped: highlights / n };
    },
    async difference(a, b) {
      const [pa, pb] = await Promise.all([small(a), small(b)]);
      let total = 0;
      for (let i = 0; i < pa.data.length; i++) {
        total += Math.abs(pa.data.readUInt8(i) - pb.data.readUInt8(i));
      }
      return total / (255 * Math.max(1, pa.data.length));
    },
  };
}
