/**
 * Where a start timecode can come from, which one is kept when several say something, and which
 * of the others disagree. Every reader (the probe's container, sound and sidecar readers; the
 * image-sequence reader's DPX/EXR headers and frame numbers) hands its findings here as
 * candidates, so the order of trust lives in one place.
 *
 * The order, most trusted first (docs/media.md, "Start timecode"):
 * - the file's own timecode track: QuickTime `tmcd`, MXF material/source package, MP4 `timecode`,
 *   or a RAW original's own header as exiftool reads it;
 * - a frame header of an image sequence: DPX, then EXR;
 * - the sound recorder's own sample count: BWF `bext` TimeReference, then the iXML `<SPEED>` copy;
 * - a sidecar beside the file (Sony `*M01.XML`), which can be separated from or renamed with it;
 * - any other container tag, then a sequence's first frame number, which is only a guess.
 */
export const TIMECODE_SOURCES = [
  "tmcd",
  "mxf",
  "mp4",
  "raw-header",
  "dpx",
  "exr",
  "bwf",
  "ixml",
  "sony-xml",
  "container",
  "frame-number",
] as const;
export type TimecodeSource = (typeof TIMECODE_SOURCES)[number];

export interface TimecodeCandidate {
  source: TimecodeSource;
  timecode: string;
}

export interface ResolvedTimecode {
  /** The most trusted well-formed candidate, `;` before the frames for drop frame; null for none. */
  timecode: string | null;
  source: TimecodeSource | null;
  /** Other well-formed candidates that label a different start, most trusted first. */
  conflicts: TimecodeCandidate[];
  /** Candidates that are not a timecode at all (negative, garbage, past 24 hours), and why. */
  rejected: (TimecodeCandidate & { reason: string })[];
}

const LABEL = /^(\d{2}):(\d{2}):(\d{2})([:;.,])(\d{2,3})$/;

/**
 * A timecode label as svc stores it (`HH:MM:SS:FF`, or `HH:MM:SS;FF` for drop frame, which `.`
 * and `,` also mark), or why it is not one. The frame count is checked against the rate by whoever
 * knows it (formats/timecode.ts parseTimecode); here only what no rate allows is refused.
 */
export function normalTimecode(text: string): { timecode: string } | { reason: string } {
  const trimmed = text.trim();
  const shown = trimmed.slice(0, 32);
  if (trimmed.startsWith("-")) return { reason: `negative timecode ${shown}` };
  const match = LABEL.exec(trimmed);
  if (!match) return { reason: `not a timecode: ${shown}` };
  const [hh, mm, ss] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (hh > 23 || mm > 59 || ss > 59) return { reason: `not a timecode: ${shown}` };
  const separator = match[4] === ":" ? ":" : ";";
  return { timecode: `${match[1]}:${match[2]}:${match[3]}${separator}${match[5]}` };
}

const rank = (source: TimecodeSource) => TIMECODE_SOURCES.indexOf(source);

/** Keeps the most trusted well-formed candidate and lists the others that disagree with it. */
export function resolveTimecode(candidates: readonly TimecodeCandidate[]): ResolvedTimecode {
  const rejected: ResolvedTimecode["rejected"] = [];
  const valid: TimecodeCandidate[] = [];
  for (const candidate of candidates) {
    const normal = normalTimecode(candidate.timecode);
    if ("reason" in normal) rejected.push({ ...candidate, reason: normal.reason });
    else valid.push({ source: candidate.source, timecode: normal.timecode });
  }
  // A stable sort: of two candidates from one source, the first found stays first.
  const ordered = [...valid].sort((a, b) => rank(a.source) - rank(b.source));
  const kept = ordered[0];
  if (!kept) return { timecode: null, source: null, conflicts: [], rejected };
  const seen = new Set<string>();
  const conflicts = ordered.filter((c) => {
    const key = `${c.source}\u0000${c.timecode}`;
    if (c.timecode === kept.timecode || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { timecode: kept.timecode, source: kept.source, conflicts, rejected };
}
