import { edlHeader, edlText, eventLine } from "./edl-text.js";
import { hasPicture, hasSound, type Timeline, type TimelineClip, windowLength } from "./timeline.js";

/**
 * An 8-character reel name from the file name: the stem in capitals, letters, digits and `_`
 * only (what every CMX3600 reader accepts); `AX` (auxiliary) when nothing is left.
 */
export function reelName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, "");
  const reel = edlText(stem, 64)
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, "_")
    .slice(0, 8);
  return /[A-Z0-9]/.test(reel) ? reel : "AX";
}

/**
 * The channel column: V for picture, A/AA for one or two audio tracks, B (V + A1) and AA/V for
 * both. Tracks beyond the second are not expressible in CMX3600 and stay with the clip name.
 */
export function channelsOf(clip: TimelineClip): string {
  const audio = hasSound(clip) ? Math.min(clip.audioTracks, 2) : 0;
  if (!hasPicture(clip)) return audio >= 2 ? "AA" : "A";
  if (audio === 0) return "V";
  return audio === 1 ? "B" : "AA/V";
}

/**
 * CMX3600: one cut event per clip in timeline order; source in/out are the clip's source
 * timecode plus its window, record timecode runs on from the timeline start. Each event names
 * its file in a `* FROM CLIP NAME:` comment, which NLEs relink by.
 */
export function writeEdl(timeline: Timeline): string {
  const events = [...timeline.clips]
    .sort((a, b) => a.recordIn - b.recordIn)
    .map((clip, i) => {
      const length = windowLength(clip);
      const sourceIn = clip.sourceStart + clip.windowIn;
      const recordIn = timeline.start + clip.recordIn;
      const line = eventLine(
        timeline,
        i + 1,
        reelName(clip.name),
        channelsOf(clip),
        [sourceIn, sourceIn + length],
        [recordIn, recordIn + length],
      );
      return `${line}\n* FROM CLIP NAME: ${edlText(clip.name, 120)}\n`;
    });
  return `${edlHeader(timeline, timeline.name)}\n${events.join("\n")}`;
}
