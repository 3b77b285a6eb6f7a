import { EXIT, UserError } from "../../domain/errors.js";
import { framesToSeconds, parseTimecode } from "../../formats/timecode.js";
import type { LibraryStore } from "../../state/stores.js";
import { clipRate } from "../export/build.js";
import { requireItem } from "../media/ids.js";

const SECONDS = /^\d{1,7}(\.\d{1,6})?$/;
const TIMECODE = /^\d{2}:\d{2}:\d{2}[:;.,]\d{2,3}$/;

const usage = (message: string) => new UserError(message, EXIT.usage, 422);

/**
 * A time on item `mediaId` as a person types it: seconds of the file (`12.5`), or a timecode
 * `HH:MM:SS:FF` at the clip's frame rate, counted from its start timecode (00:00:00:00 when it
 * has none), as the NLE and the camera display show it. `flag` names the input in errors.
 */
export function timeOnItem(store: LibraryStore, mediaId: number, text: string, flag: string): number {
  const value = text.trim();
  if (SECONDS.test(value)) return Number(value);
  if (!TIMECODE.test(value))
    throw usage(`${flag}: expected seconds (12.5) or a timecode HH:MM:SS:FF (got "${value.slice(0, 32)}")`);
  const row = requireItem(store, mediaId);
  const rate = row.kind === "video" ? clipRate(row) : null;
  if (!rate) throw usage(`${flag}: item ${mediaId} has no frame rate to read a timecode at; give seconds`);
  let frames: number;
  let start = 0;
  try {
    frames = parseTimecode(value, rate).frames;
  } catch (error) {
    throw usage(`${flag}: ${(error as Error).message}`);
  }
  if (row.start_timecode) {
    try {
      start = parseTimecode(row.start_timecode, rate).frames;
    } catch {
      // A start label the clip's own rate cannot hold counts as none, as the exports treat it.
    }
  }
  if (frames < start)
    throw usage(`${flag}: ${value} is before the item's start timecode ${row.start_timecode}`);
  return framesToSeconds(frames - start, rate);
}
