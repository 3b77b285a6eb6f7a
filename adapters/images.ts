import sharp from "sharp";

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
}

// Untrusted stills can be decompression bombs; sharp refuses anything above this pixel count.
const PIXEL_LIMIT = 268_402_689;

export function createImages(): Images {
  const open = (input: string | Buffer) =>
    sharp(input, { limitInputPixels: PIXEL_LIMIT, pages: 1, failOn: "error" });
  return {
    async info(file) {
      const meta = await sharp(file, { limitInputPixels: PIXEL_LIMIT }).metadata();
      return {
        format: meta.format ?? "unknown",
        width: meta.width ?? null,
        height: meta.height ?? null,
        pages: meta.pages ?? 1,
      };
    },
    thumbnail(input, width) {
      return open(input)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    },
    async luma(input) {
      const stats = await open(input).greyscale().stats();
      const channel = stats.channels[0];
      return { mean: channel?.mean ?? 0, stdev: channel?.stdev ?? 0 };
    },
  };
}
