import { edlHeader, edlText, eventLine, recordTimecode } from "./edl-text.js";
import { avidColor } from "./marker-colors.js";
import { framesToTimecode, rateLabel } from "./timecode.js";
import {
  hasPicture,
  hasSound,
  recordLength,
  sameRate,
  sourceLength,
  type Timeline,
  type TimelineClip,
  type TimelineMarker,
} from "./timeline.js";
import { mediaOf, orderedClips } from "./track-items.js";

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
 * A marker as an Avid locator comment, `* LOC: <source timecode> <COLOUR> <name>`: the marker's
 * own frame in the clip's source timecode (as OpenTimelineIO's EDL reader and writer place a
 * locator: on the clip, in its source time), the colour the nearest of Avid's eight, padded to
 * seven characters as Avid writes it, the note after the name.
 */
export function locator(clip: TimelineClip, marker: TimelineMarker): string {
  const media = mediaOf(clip);
  const at = framesToTimecode(media.start + media.in + marker.offset, clip.sourceRate, clip.dropFrame);
  const name = edlText(marker.name, 120) || "Marker";
  const note = edlText(marker.note ?? "", 200);
  return `* LOC: ${at} ${avidColor(marker.color).padEnd(7)} ${note ? `${name} - ${note}` : name}`;
}

/**
 * CMX3600: one cut event per clip in timeline order. Source in/out are the clip's own timecode
 * labels (its start timecode plus its window, counted at its own rate, `;` before the frames in
 * drop frame), which is what conform tools match against the media; record timecode runs on from
 * the timeline start at the timeline's rate. Each event names its file in a `* FROM CLIP NAME:`
 * comment, which NLEs relink by. A clip of another rate plays at its own speed, so its source and
 * record spans last the same time but count different frames: rather than an M2 motion effect,
 * which a conform tool would apply as a speed change on top, its rate is stated in a
 * `* SOURCE FRAME RATE:` note.
 */
export function writeEdl(timeline: Timeline): string {
  const events = orderedClips(timeline).map((clip, i) => {
    const media = mediaOf(clip);
    const source = (frames: number) => framesToTimecode(frames, clip.sourceRate, clip.dropFrame);
    const sourceIn = media.start + media.in;
    const recordIn = timeline.start + clip.recordIn;
    const line = eventLine(
      i + 1,
      reelName(clip.name),
      channelsOf(clip),
      [source(sourceIn), source(sourceIn + sourceLength(clip))],
      [
        recordTimecode(timeline, recordIn),
        recordTimecode(timeline, recordIn + recordLength(clip, timeline.rate)),
      ],
    );
    const notes = [`* FROM CLIP NAME: ${edlText(clip.name, 120)}`];
    if (clip.subclip) notes.push(`* SUBCLIP: ${edlText(clip.subclip.name, 120)}`);
    if (!sameRate(clip.sourceRate, timeline.rate))
      notes.push(`* SOURCE FRAME RATE: ${rateLabel(clip.sourceRate)}`);
    for (const marker of clip.markers) notes.push(locator(clip, marker));
    return `${line}\n${notes.join("\n")}\n`;
  });
  return `${edlHeader(timeline, timeline.name)}\n${events.join("\n")}`;
}
