import { oneLine } from "./clean-text.js";
import { fpsOf } from "./timecode.js";
import { hasPicture, hasSound, type Timeline, type TimelineClip, windowLength } from "./timeline.js";
import { mediaOf, orderedClips, withGaps } from "./track-items.js";

/*
 * OpenTimelineIO JSON, with the field names of OTIO's serialized schema. OTIO upgrades an older
 * schema version when it reads one but refuses a newer one than it knows, so this writes
 * Timeline.1 (Timeline.2 only adds canvas_size) beside Clip.2 and Marker.2. Rates are floats, as
 * OTIO keeps them: 24000/1001 is 23.976023976023978. Times are whole frames at that rate.
 */
const MEDIA_KEY = "DEFAULT_MEDIA";
const MARKER_COLOR = "BLUE";

type Json = { [key: string]: Json } | Json[] | string | number | boolean | null;

/** The timeline as an OTIO document: one video track and one audio track. */
export function writeOtio(timeline: Timeline): string {
  const clips = orderedClips(timeline);
  const rate = fpsOf(timeline.rate);
  const time = (value: number): Json => ({ OTIO_SCHEMA: "RationalTime.1", rate, value });
  const range = (start: number, duration: number): Json => ({
    OTIO_SCHEMA: "TimeRange.1",
    duration: time(duration),
    start_time: time(start),
  });

  // A clip with picture and sound sits on both tracks; its markers go on the picture only, so an
  // NLE does not show each one twice.
  const clipJson = (clip: TimelineClip, withMarkers: boolean): Json => {
    const media = mediaOf(clip);
    const start = media.start + media.in;
    const name = oneLine(clip.name);
    return {
      OTIO_SCHEMA: "Clip.2",
      metadata: {},
      name,
      source_range: range(start, windowLength(clip)),
      effects: [],
      markers: withMarkers
        ? clip.markers.map((marker) => ({
            OTIO_SCHEMA: "Marker.2",
            metadata: {},
            name: oneLine(marker.name),
            color: MARKER_COLOR,
            marked_range: range(start + marker.offset, 1),
            comment: oneLine(marker.note ?? ""),
          }))
        : [],
      enabled: true,
      media_references: {
        [MEDIA_KEY]: {
          OTIO_SCHEMA: "ExternalReference.1",
          metadata: {},
          name,
          available_range: range(media.start, media.duration),
          available_image_bounds: null,
          target_url: clip.url,
        },
      },
      active_media_reference_key: MEDIA_KEY,
    };
  };

  const track = (name: string, kind: "Video" | "Audio", onTrack: TimelineClip[]): Json => ({
    OTIO_SCHEMA: "Track.1",
    metadata: {},
    name,
    source_range: null,
    effects: [],
    markers: [],
    enabled: true,
    children: withGaps(onTrack).map(
      (item): Json =>
        item.kind === "gap"
          ? {
              OTIO_SCHEMA: "Gap.1",
              metadata: {},
              name: "",
              source_range: range(0, item.length),
              effects: [],
              markers: [],
              enabled: true,
            }
          : clipJson(item.clip, kind === "Video" || !hasPicture(item.clip)),
    ),
    kind,
  });

  const document: Json = {
    OTIO_SCHEMA: "Timeline.1",
    metadata: {},
    name: oneLine(timeline.name),
    global_start_time: time(timeline.start),
    tracks: {
      OTIO_SCHEMA: "Stack.1",
      metadata: {},
      name: "tracks",
      source_range: null,
      effects: [],
      markers: [],
      enabled: true,
      children: [
        track("V1", "Video", clips.filter(hasPicture)),
        track("A1", "Audio", clips.filter(hasSound)),
      ],
    },
  };
  // Tabs: a 500-clip timeline nests deep, and four spaces a level were most of its bytes.
  return `${JSON.stringify(document, null, "\t")}\n`;
}
