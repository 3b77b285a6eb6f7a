import { type FrameRate, fpsOf } from "./timecode.js";
import { hasPicture, hasSound, type Timeline, type TimelineClip, windowLength } from "./timeline.js";

// OpenTimelineIO's JSON: every object names its schema; times are {rate, value} pairs with the
// rate as a float (24000/1001 is 23.976023976023978), as OTIO itself writes them.
const time = (value: number, rate: FrameRate) => ({
  OTIO_SCHEMA: "RationalTime.1",
  rate: fpsOf(rate),
  value,
});
const range = (start: number, duration: number, rate: FrameRate) => ({
  OTIO_SCHEMA: "TimeRange.1",
  start_time: time(start, rate),
  duration: time(duration, rate),
});

const gap = (frames: number, rate: FrameRate) => ({
  OTIO_SCHEMA: "Gap.1",
  metadata: {},
  name: "",
  source_range: range(0, frames, rate),
  effects: [],
  markers: [],
  enabled: true,
});

function clipOf(clip: TimelineClip, rate: FrameRate, withMarkers: boolean) {
  const sourceIn = clip.sourceStart + clip.windowIn;
  return {
    OTIO_SCHEMA: "Clip.2",
    metadata: {},
    name: clip.name,
    source_range: range(sourceIn, windowLength(clip), rate),
    effects: [],
    markers: withMarkers
      ? clip.markers.map((m) => ({
          OTIO_SCHEMA: "Marker.2",
          metadata: {},
          name: m.name,
          color: "RED",
          marked_range: range(sourceIn + m.offset, 0, rate),
          comment: m.note ?? "",
        }))
      : [],
    enabled: true,
    media_references: {
      DEFAULT_MEDIA: {
        OTIO_SCHEMA: "ExternalReference.1",
        metadata: {},
        name: clip.name,
        available_range: range(clip.sourceStart, clip.sourceDuration, rate),
        available_image_bounds: null,
        target_url: clip.url,
      },
    },
    active_media_reference_key: "DEFAULT_MEDIA",
  };
}

/** One track of a kind: its clips in record order, gaps where the other kind or nothing plays. */
function track(timeline: Timeline, kind: "Video" | "Audio") {
  const children: unknown[] = [];
  let end = 0;
  for (const clip of [...timeline.clips].sort((a, b) => a.recordIn - b.recordIn)) {
    const belongs = kind === "Video" ? hasPicture(clip) : hasSound(clip);
    if (!belongs) continue;
    if (clip.recordIn > end) children.push(gap(clip.recordIn - end, timeline.rate));
    children.push(clipOf(clip, timeline.rate, kind === "Video" || !hasPicture(clip)));
    end = clip.recordIn + windowLength(clip);
  }
  return {
    OTIO_SCHEMA: "Track.1",
    metadata: {},
    name: kind === "Video" ? "V1" : "A1",
    source_range: null,
    effects: [],
    markers: [],
    enabled: true,
    children,
    kind,
  };
}

/** OpenTimelineIO JSON (`.otio`): one video and one audio track, markers on the clips. */
export function writeOtio(timeline: Timeline): string {
  const document = {
    OTIO_SCHEMA: "Timeline.1",
    metadata: {},
    name: timeline.name,
    global_start_time: time(timeline.start, timeline.rate),
    tracks: {
      OTIO_SCHEMA: "Stack.1",
      metadata: {},
      name: "tracks",
      source_range: null,
      effects: [],
      markers: [],
      enabled: true,
      children: [track(timeline, "Video"), track(timeline, "Audio")],
    },
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
