import { createHash } from "node:crypto";
import { posix } from "node:path";
import { framesToSeconds, parseTimecode, snapRate } from "../formats/timecode.js";

/**
 * Spanned recordings: one take a camera wrote as several files. The rules, each recognising one
 * way cameras name the parts (docs/media.md, "Spanned recordings"):
 *
 * - `gopro`: chapters `G<letter><chapter><number>.MP4` (GH010123, GH020123; GX… for HEVC); the
 *   chapter number is the part's place.
 * - `gopro-legacy`: `GOPR0123.MP4` is the first part, `GP010123.MP4` the second, `GP020123.MP4`
 *   the third.
 * - `r3d`: RED's `<clip>_001.R3D`, `<clip>_002.R3D` in one clip folder.
 * - `split`: a 4 GB FAT32 split (DJI drones and other cameras that number their files): files
 *   numbered one after the other, alike in name around the number, extension, codec, size and
 *   rate, where each part but the last is just under 4 GiB and the next one starts where it
 *   ended, by timecode when both carry one, else by capture time. Anything less is two takes.
 *
 * Named parts (`gopro`, `gopro-legacy`, `r3d`) say their place, so a part that is absent is known
 * and listed in `missing`; the others are still one span. Numbered splits are proven link by
 * link, so a missing part ends the span before it.
 */
export type SpanRule = "gopro" | "gopro-legacy" | "r3d" | "split";

/** What the rules read of each file: its name and the probe's facts. */
export interface SpanFile {
  relPath: string;
  size: number;
  durationS: number | null;
  startTimecode: string | null;
  creationDate: string | null;
  fps: number | null;
  codec: string | null;
  width: number | null;
  height: number | null;
}

export interface SpanPart {
  relPath: string;
  /** From 1. */
  index: number;
  /** Seconds of the recording before this part (parts present only). */
  offsetS: number;
}

export interface Span {
  id: string;
  rule: SpanRule;
  /** Parts the recording has, as far as the names tell (the highest index seen). */
  count: number;
  parts: SpanPart[];
  /** Indexes of parts the names tell of that are not there. */
  missing: number[];
  /** The whole recording's seconds (parts present only), and its first frame's timecode. */
  durationS: number;
  startTimecode: string | null;
}

const GIB = 1024 ** 3;
/** A FAT32 split part ends just under 4 GiB; cameras stop a little short of the limit. */
const SPLIT_MIN_BYTES = 4 * GIB - 256 * 1024 ** 2;
const SPLIT_MAX_BYTES = 4 * GIB;
/** How far apart one part's end and the next part's start may be and still be one take. */
const CONTINUITY_S = 2;

interface Named {
  rule: SpanRule;
  key: string;
  index: number;
}

const GOPRO = /^G([A-OQ-Z])(\d{2})(\d{4})\.mp4$/i;
const GOPRO_FIRST = /^GOPR(\d{4})\.mp4$/i;
const GOPRO_NEXT = /^GP(\d{2})(\d{4})\.mp4$/i;
const R3D_PART = /^(.+)_(\d{3})\.r3d$/i;

/** The place a file's name gives it in a recording, for the rules where the name alone tells. */
function named(relPath: string): Named | null {
  const dir = posix.dirname(relPath);
  const name = posix.basename(relPath);
  let m = GOPRO.exec(name);
  if (m) return { rule: "gopro", key: `${dir}/G${m[1]?.toUpperCase()}${m[3]}`, index: Number(m[2]) };
  m = GOPRO_FIRST.exec(name);
  if (m) return { rule: "gopro-legacy", key: `${dir}/GP${m[1]}`, index: 1 };
  m = GOPRO_NEXT.exec(name);
  if (m) return { rule: "gopro-legacy", key: `${dir}/GP${m[2]}`, index: Number(m[1]) + 1 };
  m = R3D_PART.exec(name);
  if (m) return { rule: "r3d", key: `${dir}/${m[1]?.toUpperCase()}`, index: Number(m[2]) };
  return null;
}

const spanId = (rule: SpanRule, key: string) =>
  createHash("sha256").update(`${rule}\0${key}`).digest("hex").slice(0, 16);

function spanOf(rule: SpanRule, key: string, parts: readonly { file: SpanFile; index: number }[]): Span {
  const sorted = [...parts].sort((a, b) => a.index - b.index);
  const count = sorted.at(-1)?.index ?? 0;
  const present = new Set(sorted.map((p) => p.index));
  let offset = 0;
  const placed = sorted.map(({ file, index }) => {
    const part = { relPath: file.relPath, index, offsetS: Math.round(offset * 1000) / 1000 };
    offset += file.durationS ?? 0;
    return part;
  });
  const first = sorted[0];
  return {
    id: spanId(rule, key),
    rule,
    count,
    parts: placed,
    missing: Array.from({ length: count }, (_, i) => i + 1).filter((i) => !present.has(i)),
    durationS: Math.round(offset * 1000) / 1000,
    startTimecode: first?.index === 1 ? first.file.startTimecode : null,
  };
}

/** Seconds since midnight of a timecode at the file's rate, or null when it does not parse. */
function timecodeSeconds(file: SpanFile): number | null {
  if (!file.startTimecode || !file.fps) return null;
  try {
    const rate = snapRate(file.fps);
    return framesToSeconds(parseTimecode(file.startTimecode, rate).frames, rate);
  } catch {
    return null;
  }
}

const captureSeconds = (file: SpanFile): number | null => {
  const ms = file.creationDate ? Date.parse(file.creationDate) : Number.NaN;
  return Number.isFinite(ms) ? ms / 1000 : null;
};

/** Whether `next` carries on the take `prev` was cut from, by the FAT32 split rule. */
export function continuesSplit(prev: SpanFile, next: SpanFile): boolean {
  if (prev.size < SPLIT_MIN_BYTES || prev.size >= SPLIT_MAX_BYTES || prev.durationS === null) return false;
  const alike = (["codec", "width", "height", "fps"] as const).every((k) => prev[k] === next[k]);
  if (!alike || prev.codec === null) return false;
  for (const clock of [timecodeSeconds, captureSeconds]) {
    const start = clock(prev);
    const then = clock(next);
    if (start !== null && then !== null) return Math.abs(start + prev.durationS - then) <= CONTINUITY_S;
  }
  return false;
}

// The last run of digits is the file's number; a date and time in the name (DJI_20240101120000_0001)
// changes from part to part, so long runs of digits before it are not part of the key.
const NUMBERED = /^(.*\D)?(\d{3,})(\D*)\.(\w+)$/;

function numberedSplits(files: readonly SpanFile[]): Span[] {
  const runs = new Map<string, { file: SpanFile; n: number }[]>();
  for (const file of files) {
    const m = NUMBERED.exec(posix.basename(file.relPath));
    if (!m) continue;
    const prefix = (m[1] ?? "").replace(/\d{8,}/g, "#");
    const key = `${posix.dirname(file.relPath)}/${prefix}|${m[3]}|${m[4]?.toLowerCase()}`;
    const list = runs.get(key) ?? [];
    list.push({ file, n: Number(m[2]) });
    runs.set(key, list);
  }
  const spans: Span[] = [];
  for (const [key, list] of runs) {
    list.sort((a, b) => a.n - b.n);
    let chain: typeof list = [];
    const close = () => {
      const head = chain[0];
      if (head && chain.length > 1)
        spans.push(
          spanOf(
            "split",
            `${key}|${head.n}`,
            chain.map(({ file }, i) => ({ file, index: i + 1 })),
          ),
        );
      chain = [];
    };
    for (const entry of list) {
      const last = chain.at(-1);
      if (last && !(entry.n === last.n + 1 && continuesSplit(last.file, entry.file))) close();
      chain.push(entry);
    }
    close();
  }
  return spans;
}

/**
 * The spans among `files` (any folders; a span never crosses one). A file is in one span at most;
 * a recording of one file is no span.
 */
export function groupSpans(files: readonly SpanFile[]): Span[] {
  const byName = new Map<string, { rule: SpanRule; parts: { file: SpanFile; index: number }[] }>();
  const rest: SpanFile[] = [];
  for (const file of files) {
    const place = named(file.relPath);
    if (!place) {
      rest.push(file);
      continue;
    }
    const id = `${place.rule}\0${place.key}`;
    const group = byName.get(id) ?? { rule: place.rule, parts: [] };
    group.parts.push({ file, index: place.index });
    byName.set(id, group);
  }
  const spans: Span[] = [];
  for (const [id, group] of byName) {
    const indexes = new Set(group.parts.map((p) => p.index));
    // Two files claiming one place (a copy beside the original) leave the name's word in doubt.
    if (indexes.size !== group.parts.length || Math.max(...indexes) < 2) continue;
    spans.push(spanOf(group.rule, id.slice(id.indexOf("\0") + 1), group.parts));
  }
  return [...spans, ...numberedSplits(rest)];
}
