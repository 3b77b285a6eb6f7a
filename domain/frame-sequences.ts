/*
 * Image sequences by their names: `<name>.<frame>.<ext>` for DPX, EXR, TIFF, PNG and JPEG, and
 * `<name>_<frame>.<ext>` for DPX and EXR only (cameras name stills `DSC_0001.JPG`), with a frame
 * field of at least three digits. Frames of one folder with the same name, separator, extension
 * and padding, two or more of them, are one sequence; its path is the pattern with `#` for each
 * digit of the padding (`shot020_comp_v003.####.dpx`).
 *
 * The padding is the width of the frame field. A frame number that outgrew it (`a.10000.dpx`
 * after `a.9999.dpx`, or `a.1000.dpx` after `a.999.dpx`) has no leading zero and belongs to the
 * narrowest padding of its name, as `%04d` and Nuke's `####` write it; a field of another width
 * that starts with a zero (`a.00001.dpx` beside `a.0001.dpx`) is another sequence.
 */

const DOT_EXTENSIONS = new Set(["dpx", "exr", "tif", "tiff", "png", "jpg", "jpeg"]);
const UNDERSCORE_EXTENSIONS = new Set(["dpx", "exr"]);
/** Extensions svc reads only as frames of a sequence (a lone one is not ingested). */
export const FRAME_ONLY_EXTENSIONS: ReadonlySet<string> = new Set(["dpx", "exr", "tif", "tiff"]);
export const MIN_FRAMES = 2;
/** Absent frame numbers listed in a sequence's `missing`; `missing_count` counts them all. */
export const MISSING_LISTED = 100;

const FRAME = /^(.+)([._])(\d{3,})\.([^.]+)$/;
const PATTERN = /^(.+[._])(#{3,})\.([^./]+)$/;

export interface FrameName {
  /** The folder, with its trailing `/`, or "" at the root. */
  dir: string;
  /** The name before the frame field, with its separator (`shot.` or `plate_`). */
  prefix: string;
  digits: string;
  number: number;
  /** As written (letter case kept). */
  ext: string;
}

/** The frame field of a file named as a sequence frame, or null for any other name. */
export function frameNameOf(relPath: string): FrameName | null {
  const slash = relPath.lastIndexOf("/");
  const match = FRAME.exec(relPath.slice(slash + 1));
  if (!match) return null;
  const [, name = "", separator = "", digits = "", ext = ""] = match;
  const allowed = separator === "." ? DOT_EXTENSIONS : UNDERSCORE_EXTENSIONS;
  if (!allowed.has(ext.toLowerCase())) return null;
  const number = Number(digits);
  if (!Number.isSafeInteger(number)) return null;
  return { dir: relPath.slice(0, slash + 1), prefix: `${name}${separator}`, digits, number, ext };
}

/** Frames that can belong to one sequence share this (padding aside). */
export const frameStemOf = (frame: FrameName): string => `${frame.dir}\0${frame.prefix}\0${frame.ext}`;

export interface FrameSequence<F> {
  /** The item's path: the frames' folder and name with `#` per digit of the padding. */
  pattern: string;
  padding: number;
  /** Present frames in frame-number order. */
  frames: F[];
  first: number;
  last: number;
  count: number;
  missing: number[];
  missingCount: number;
}

/** Absent numbers between the first and last of `numbers` (sorted, distinct): the first few, and how many. */
function gapsOf(numbers: readonly number[]): { missing: number[]; missingCount: number } {
  const missing: number[] = [];
  let missingCount = 0;
  for (let i = 1; i < numbers.length; i += 1) {
    const from = (numbers[i - 1] as number) + 1;
    const to = numbers[i] as number;
    missingCount += to - from;
    for (let n = from; n < to && missing.length < MISSING_LISTED; n += 1) missing.push(n);
  }
  return { missing, missingCount };
}

/**
 * Sorts files into sequences and the files that are not part of one. `keepApart` names files
 * that must not be grouped (frames already ingested as stills): a group holding one stays
 * apart whole.
 */
export function groupFrames<F extends { relPath: string }>(
  files: readonly F[],
  keepApart: (relPath: string) => boolean = () => false,
): { sequences: FrameSequence<F>[]; singles: F[] } {
  const singles: F[] = [];
  const stems = new Map<string, { file: F; frame: FrameName }[]>();
  for (const file of files) {
    const frame = frameNameOf(file.relPath);
    if (!frame) {
      singles.push(file);
      continue;
    }
    const stem = frameStemOf(frame);
    const list = stems.get(stem) ?? [];
    list.push({ file, frame });
    stems.set(stem, list);
  }
  const sequences: FrameSequence<F>[] = [];
  for (const members of stems.values()) {
    const narrowest = Math.min(...members.map((m) => m.frame.digits.length));
    const byPadding = new Map<number, typeof members>();
    for (const member of members) {
      const { digits } = member.frame;
      const padding = digits.length > narrowest && !digits.startsWith("0") ? narrowest : digits.length;
      const list = byPadding.get(padding) ?? [];
      list.push(member);
      byPadding.set(padding, list);
    }
    for (const [padding, group] of byPadding) {
      if (group.length < MIN_FRAMES || group.some((m) => keepApart(m.file.relPath))) {
        singles.push(...group.map((m) => m.file));
        continue;
      }
      group.sort((a, b) => a.frame.number - b.frame.number);
      const numbers = group.map((m) => m.frame.number);
      const { dir, prefix, ext } = (group[0] as (typeof group)[number]).frame;
      sequences.push({
        pattern: `${dir}${prefix}${"#".repeat(padding)}.${ext}`,
        padding,
        frames: group.map((m) => m.file),
        first: numbers[0] as number,
        last: numbers[numbers.length - 1] as number,
        count: group.length,
        ...gapsOf(numbers),
      });
    }
  }
  return { sequences, singles };
}

export interface SequencePattern {
  /** The folder, with its trailing `/`, or "" at the root. */
  dir: string;
  /** The name before the frame field, with its separator. */
  prefix: string;
  padding: number;
  /** The extension, with its dot (`.dpx`). */
  suffix: string;
}

/** The parts of a sequence item's path (`shots/a.####.dpx`), or null for a path that is not one. */
export function sequencePatternOf(relPath: string): SequencePattern | null {
  const slash = relPath.lastIndexOf("/");
  const match = PATTERN.exec(relPath.slice(slash + 1));
  if (!match) return null;
  const [, prefix = "", hashes = "", ext = ""] = match;
  return { dir: relPath.slice(0, slash + 1), prefix, padding: hashes.length, suffix: `.${ext}` };
}

/** A frame's file name in a sequence: its number padded to the sequence's width. */
export const frameFileName = (pattern: SequencePattern, frame: number): string =>
  `${pattern.prefix}${String(frame).padStart(pattern.padding, "0")}${pattern.suffix}`;
