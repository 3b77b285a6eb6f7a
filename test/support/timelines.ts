import { type FrameRate, parseTimecode, STANDARD_RATES, timecodeBase } from "../../formats/timecode.js";
import type { Timeline, TimelineClip } from "../../formats/timeline.js";

/**
 * Names that break hand-made XML, each with what a writer may turn it into: control characters
 * are dropped and line breaks or tabs become a space; everything else must survive exactly.
 */
export const NASTY = {
  clip: { raw: "Tom & Jerry <1>.mov", clean: "Tom & Jerry <1>.mov" },
  still: { raw: `Still "quoted" & 'single'.png`, clean: `Still "quoted" & 'single'.png` },
  audio: { raw: "music ]]> end\u0001\u007f\u0085.wav", clean: "music ]]> end.wav" },
  marker: { raw: `Scene 1: <b>"hi"</b> ]]> & more`, clean: `Scene 1: <b>"hi"</b> ]]> & more` },
  bell: { raw: "bell\u0007 tab\there\r\nnext line", clean: "bell tab here next line" },
  note: { raw: "a note\u0000 with ]]> & <x>", clean: "a note with ]]> & <x>" },
} as const;

export const rateOf = (label: string): FrameRate => {
  const rate = STANDARD_RATES.find((r) => r.label === label);
  if (!rate) throw new Error(`no standard rate ${label}`);
  return { num: rate.num, den: rate.den };
};

const base: Omit<TimelineClip, "name" | "kind" | "url" | "sourceRate"> = {
  sourceStart: 0,
  sourceDuration: 0,
  windowIn: 0,
  windowOut: 0,
  recordIn: 0,
  audioTracks: 1,
  audioChannels: 2,
  audioRate: 48_000,
  width: 1920,
  height: 1080,
  dropFrame: false,
  markers: [],
};

/**
 * A timeline at `label` fps with everything an export has to get right: source timecode
 * (drop frame when `dropFrame`), a clip of another picture size, a still, a gap, a mono
 * audio-only clip, a clip with four mono tracks, a second window of the first file, markers, nasty names.
 */
export function sampleTimeline(label: string, dropFrame = false): Timeline {
  const rate = rateOf(label);
  const second = timecodeBase(rate);
  const tc = (text: string) => parseTimecode(dropFrame ? text.replace(/:(\d+)$/, ";$1") : text, rate).frames;
  const camera = "file:///footage/Tom%20%26%20Jerry%20%3C1%3E.mov";
  const clips: TimelineClip[] = [
    {
      ...base,
      sourceRate: rate,
      name: NASTY.clip.raw,
      kind: "video",
      url: camera,
      sourceStart: tc("14:59:58:00"),
      sourceDuration: 120 * second,
      windowIn: 2 * second + 3,
      windowOut: 7 * second,
      recordIn: 0,
      dropFrame,
      markers: [
        { offset: 0, name: NASTY.marker.raw },
        { offset: second + 1, name: NASTY.bell.raw, note: NASTY.note.raw },
      ],
    },
    {
      ...base,
      sourceRate: rate,
      name: NASTY.still.raw,
      kind: "image",
      url: "file:///footage/still%20%22quoted%22.png",
      audioTracks: 0,
      width: 4000,
      height: 3000,
      windowOut: 3 * second,
      recordIn: 7 * second - 2 * second - 3,
      markers: [{ offset: 2, name: "on the still" }],
    },
  ];
  const afterStill = clips[1] ? clips[1].recordIn + 3 * second : 0;
  const afterGap = afterStill + 2 * second + 5;
  clips.push(
    {
      ...base,
      sourceRate: rate,
      name: NASTY.audio.raw,
      kind: "audio",
      url: "file:///footage/music.wav",
      audioChannels: 1,
      audioRate: 44_100,
      width: null,
      height: null,
      sourceDuration: 30 * second,
      windowIn: 10,
      windowOut: 4 * second,
      recordIn: afterGap,
      markers: [{ offset: 5, name: "beat" }],
    },
    {
      ...base,
      sourceRate: rate,
      name: "four mono tracks.mxf",
      kind: "video",
      url: "file:///footage/four.mxf",
      sourceStart: tc("01:00:00:00"),
      sourceDuration: 10 * second,
      audioTracks: 4,
      audioChannels: 1,
      width: 3840,
      height: 2160,
      windowIn: 0,
      windowOut: 10 * second,
      recordIn: afterGap + 4 * second - 10,
      dropFrame,
    },
    {
      ...base,
      sourceRate: rate,
      name: NASTY.clip.raw,
      kind: "video",
      url: camera,
      sourceStart: tc("14:59:58:00"),
      sourceDuration: 120 * second,
      windowIn: 100 * second,
      windowOut: 101 * second,
      recordIn: afterGap + 14 * second - 10,
      dropFrame,
      markers: [{ offset: second - 1, name: "last frame" }],
    },
  );
  return {
    name: `Search: "cats" & <dogs> ${label}`,
    rate,
    dropFrame,
    start: tc("01:00:00:00"),
    clips,
  };
}

export const clip = (over: Partial<TimelineClip>): TimelineClip => ({
  name: "A001.mov",
  kind: "video",
  url: `file:///Volumes/Card%201/${encodeURIComponent(over.name ?? "A001.mov")}`,
  sourceRate: rateOf("25"),
  sourceStart: 0,
  sourceDuration: 1000,
  windowIn: 0,
  windowOut: 100,
  recordIn: 0,
  audioTracks: 1,
  audioChannels: 2,
  audioRate: 48_000,
  width: 1920,
  height: 1080,
  dropFrame: false,
  markers: [],
  ...over,
});

/**
 * Four clips at `label` fps, each of the timeline's rate and timecode mode: a video with markers,
 * an audio take, a still and a three-track clip with an awkward name.
 */
export function timeline(label: string, dropFrame: boolean): Timeline {
  const r = rateOf(label);
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
    ].map((c) => ({ ...c, sourceRate: r, dropFrame })),
  };
}

/**
 * The clips of issue 27 on a 23.976 timeline: a 25 fps clip at 10:00:00:00 (15 s, whole), a
 * 29.97 drop-frame clip at 01:00:00;00 whose window is not a whole number of timeline frames
 * (211 frames, 168.8 at 23.976), and a mono WAV at 44.1 kHz, each already at its own rate.
 */
export function mixedRateTimeline(): Timeline {
  const rate = rateOf("23.976");
  const pal = rateOf("25");
  const ntsc = rateOf("29.97");
  const clips: TimelineClip[] = [
    clip({
      name: "A25.mov",
      sourceRate: pal,
      sourceStart: parseTimecode("10:00:00:00", pal).frames,
      sourceDuration: 375,
      windowOut: 375,
      markers: [{ offset: 100, name: "four seconds in" }],
    }),
    clip({
      name: "B2997.mov",
      sourceRate: ntsc,
      dropFrame: true,
      sourceStart: parseTimecode("01:00:00;00", ntsc).frames,
      sourceDuration: 300,
      windowIn: 30,
      windowOut: 241,
      recordIn: 360,
      audioChannels: 1,
      audioRate: 44_100,
      markers: [{ offset: 210, name: "last frame" }],
    }),
    clip({
      name: "mono.wav",
      kind: "audio",
      sourceRate: rate,
      sourceDuration: 96,
      windowOut: 96,
      recordIn: 529,
      audioChannels: 1,
      width: null,
      height: null,
    }),
  ];
  return { name: "mixed", rate, dropFrame: false, start: parseTimecode("01:00:00:00", rate).frames, clips };
}
