import { basename, dirname, join } from "node:path";
import type { DecodeInput } from "../adapters/ffmpeg.js";
import { sequencePatternOf } from "../domain/frame-sequences.js";
import type { ImageSequence } from "../domain/schemas/media.js";

const printfLiteral = (text: string) => text.replaceAll("%", "%%");
const globLiteral = (text: string) => text.replace(/[\\*?[\]{}]/g, (c) => `\\${c}`);

/**
 * A glob of the frame numbers from `padding` digits up to the width of `last`: each wider width
 * (a number that outgrew its padding) without a leading zero, as one brace alternative per
 * width, so glob lists the frames in frame order (it sorts within each alternative only).
 */
function framesGlob(padding: number, last: number): string {
  const widths: string[] = ["[0-9]".repeat(padding)];
  for (let width = padding + 1; width <= String(last).length; width += 1)
    widths.push(`[1-9]${"[0-9]".repeat(width - 1)}`);
  return widths.length === 1 ? (widths[0] as string) : `{${widths.join(",")}}`;
}

/**
 * How ffmpeg reads an image sequence stored at `absPattern` (`…/plate.####.dpx`): its image2
 * demuxer at the sequence's rate. A whole sequence is read by number from its first frame
 * (`-start_number`, `plate.%04d.dpx`). image2 stops at the first absent number, so a sequence
 * with a gap is read by a glob of its frame numbers instead: every frame is decoded, and the
 * gap closes up in the pictures svc makes (thumbnails, key frames, proxies end that many frames
 * early), while the item's duration, timecode and exports keep counting from first to last.
 */
export function sequenceInputOf(
  absPattern: string,
  sequence: ImageSequence,
  fpsRational: string | null,
): DecodeInput {
  const pattern = sequencePatternOf(basename(absPattern));
  const folder = dirname(absPattern);
  if (!pattern) return { path: absPattern, inputOptions: [], display: "" };
  const rate = fpsRational ? ["-framerate", fpsRational] : [];
  if (sequence.missing_count === 0)
    return {
      path: join(
        printfLiteral(folder),
        `${printfLiteral(pattern.prefix)}%0${pattern.padding}d${printfLiteral(pattern.suffix)}`,
      ),
      inputOptions: ["-f", "image2", ...rate, "-start_number", String(sequence.first)],
      display: "",
    };
  const glob = `${globLiteral(pattern.prefix)}${framesGlob(pattern.padding, sequence.last)}${globLiteral(pattern.suffix)}`;
  return {
    path: join(globLiteral(folder), glob),
    inputOptions: ["-f", "image2", "-pattern_type", "glob", ...rate],
    display: "",
  };
}
