/** A timed line of text on a timeline or in a clip, in seconds. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/**
 * Cues as subtitle files can hold them: text on one or more non-blank lines (a blank line ends a
 * cue in SRT and WebVTT), times rounded to the millisecond, in order, never overlapping, never
 * empty. A cue that starts before the previous one ends starts where it ended.
 */
export function normaliseCues(cues: readonly Cue[]): Cue[] {
  const out: Cue[] = [];
  const sorted = [...cues]
    .filter((c) => Number.isFinite(c.start) && Number.isFinite(c.end))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let previousEnd = 0;
  for (const cue of sorted) {
    const text = cue.text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .join("\n");
    const start = Math.max(Math.round(Math.max(0, cue.start) * 1000), previousEnd);
    const end = Math.round(cue.end * 1000);
    if (text === "" || end <= start) continue;
    out.push({ start: start / 1000, end: end / 1000, text });
    previousEnd = end;
  }
  return out;
}

/** `HH:MM:SS<sep>mmm` for a time in seconds (hours grow past 99 rather than wrap). */
export function clockTime(seconds: number, separator: "," | "."): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}
