import { framesToTimecode } from "./timecode.js";
import type { Timeline } from "./timeline.js";

// EDL is a line-oriented ASCII format: anything else (accents, control characters, line breaks)
// is replaced, and fields are length-capped, so no user text can break a line.
export function edlText(text: string, max: number): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .trim();
  return ascii.slice(0, max);
}

/** The title and frame-count mode lines every CMX3600 list opens with. */
export function edlHeader(timeline: Timeline, title: string): string {
  return `TITLE: ${edlText(title, 70) || "svc"}\nFCM: ${timeline.dropFrame ? "DROP FRAME" : "NON-DROP FRAME"}\n`;
}

/** A record timecode label: frames from midnight at the timeline's rate, in its frame-count mode. */
export const recordTimecode = (timeline: Timeline, frames: number): string =>
  framesToTimecode(frames, timeline.rate, timeline.dropFrame);

/** One event line: number, reel, channels, cut, source in/out, record in/out (timecode labels). */
export function eventLine(
  event: number,
  reel: string,
  channels: string,
  source: readonly [string, string],
  record: readonly [string, string],
): string {
  return `${String(event).padStart(3, "0")}  ${reel.padEnd(8)} ${channels.padEnd(6)}${"C".padEnd(9)}${source[0]} ${source[1]} ${record[0]} ${record[1]}`;
}
