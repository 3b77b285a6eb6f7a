import { type FrameRate, STANDARD_RATES } from "../../formats/timecode.js";
import type { Timeline, TimelineClip } from "../../formats/timeline.js";

export const rate = (label: string) => STANDARD_RATES.find((r) => r.label === label) as FrameRate;

export const clip = (over: Partial<TimelineClip>): TimelineClip => ({
  name: "A001.mov",
  kind: "video",
  url: `file:///Volumes/Card%201/${encodeURIComponent(over.name ?? "A001.mov")}`,
  sourceStart: 0,
  sourceDuration: 1000,
  windowIn: 0,
  windowOut: 100,
  recordIn: 0,
  audioTracks: 1,
  audioChannels: 2,
  width: 1920,
  height: 1080,
  dropFrame: false,
  markers: [],
  ...over,
});

/** Four clips at `label` fps: a video with markers, an audio take, a still and a three-track clip with an awkward name. */
export function timeline(label: string, dropFrame: boolean): Timeline {
  const r = rate(label);
  const base = Math.round(r.num / r.den);
  const hour = dropFrame ? (base * 600 - (base === 60 ? 4 : 2) * 9) * 6 : base * 3600;
  return {
    name: "Cut 1 – café <&>",
    rate: r,
    dropFrame,
    start: hour,
    clips: [
      clip({
        name: "A001_C002.mov",
        sourceStart: 10 * hour,
        windowIn: 48,
        windowOut: 148,
        markers: [
          { offset: 0, name: "Scene 1" },
          { offset: 60, name: "a | b" },
        ],
      }),
      clip({
        name: "interview sound.wav",
        kind: "audio",
        recordIn: 100,
        windowOut: 250,
        audioTracks: 2,
        width: null,
        height: null,
      }),
      clip({ name: "still.png", kind: "image", recordIn: 350, windowOut: 125, audioTracks: 0 }),
      clip({
        name: "Ünïcode — tab\tname.mov",
        recordIn: 475,
        sourceStart: hour * 23 + 5,
        windowIn: 3,
        windowOut: 13,
        audioTracks: 3,
      }),
    ],
  };
}
