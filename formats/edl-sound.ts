import { reelName } from "./edl.js";
import { edlHeader, edlText, eventLine, recordTimecode } from "./edl-text.js";
import { framesToTimecode, rateLabel } from "./timecode.js";
import { recordLength, sameRate, soundSpan, spanFrames, type Timeline } from "./timeline.js";
import { orderedClips } from "./track-items.js";

/**
 * The synced sound as a second CMX3600 list, as sound is conformed from its own list beside the
 * picture's: one audio event per camera clip that has sound, the sound file as source (its reel
 * from its name, its own timecode labels at the camera clip's rate, to the nearest frame) and
 * the picture's record timecode where the recorder's sound plays against it. CMX3600 names two
 * audio channels at most (`A`, `AA`); the recorder's channels are listed in a comment.
 */
export function writeSoundEdl(timeline: Timeline): string {
  const events: string[] = [];
  for (const clip of orderedClips(timeline)) {
    const span = soundSpan(clip);
    const sound = clip.sound;
    if (!span || !sound) continue;
    const source = (frames: number) => framesToTimecode(frames, clip.sourceRate, sound.dropFrame);
    const sourceIn = sound.sourceStart + spanFrames(span.soundIn, span, clip.sourceRate);
    const sourceOut = Math.max(
      sourceIn + 1,
      sound.sourceStart + spanFrames(span.soundIn + span.length, span, clip.sourceRate),
    );
    const clipEnd = clip.recordIn + recordLength(clip, timeline.rate);
    const recordIn = Math.min(clipEnd - 1, clip.recordIn + spanFrames(span.delay, span, timeline.rate));
    const recordOut = Math.min(
      clipEnd,
      Math.max(recordIn + 1, clip.recordIn + spanFrames(span.delay + span.length, span, timeline.rate)),
    );
    const line = eventLine(
      events.length + 1,
      reelName(sound.name),
      sound.channels.length >= 2 ? "AA" : "A",
      [source(sourceIn), source(sourceOut)],
      [
        recordTimecode(timeline, timeline.start + recordIn),
        recordTimecode(timeline, timeline.start + recordOut),
      ],
    );
    const notes = [
      `* FROM CLIP NAME: ${edlText(sound.name, 120)}`,
      `* SYNCED TO CLIP: ${edlText(clip.name, 120)}`,
      `* AUDIO CHANNELS: ${sound.channels.map((c) => (c.name ? `${c.index} ${edlText(c.name.replaceAll(",", " "), 32)}` : String(c.index))).join(", ")}`,
    ];
    if (!sameRate(clip.sourceRate, timeline.rate))
      notes.push(`* SOURCE FRAME RATE: ${rateLabel(clip.sourceRate)}`);
    events.push(`${line}\n${notes.join("\n")}\n`);
  }
  return `${edlHeader(timeline, `${timeline.name} sound`)}\n${events.join("\n")}`;
}
