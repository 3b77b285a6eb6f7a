import { describe, expect, it } from "vitest";
import { writeOtio } from "../../formats/otio.js";
import {
  hasPicture,
  hasSound,
  recordLength,
  sourceLength,
  type Timeline,
  type TimelineClip,
} from "../../formats/timeline.js";
import { mixedRateTimeline, NASTY, sampleTimeline } from "../support/timelines.js";

// biome-ignore lint/suspicious/noExplicitAny: a parsed OTIO document is walked field by field
type Json = any;

// The fields each schema serializes, from OpenTimelineIO's docs/tutorials/otio-serialized-schema.md
// (Track and Stack also carry their children).
const FIELDS: Record<string, string[]> = {
  "Timeline.1": ["global_start_time", "metadata", "name", "tracks"],
  "Stack.1": ["children", "effects", "enabled", "markers", "metadata", "name", "source_range"],
  "Track.1": ["children", "effects", "enabled", "kind", "markers", "metadata", "name", "source_range"],
  "Clip.2": [
    "active_media_reference_key",
    "effects",
    "enabled",
    "markers",
    "media_references",
    "metadata",
    "name",
    "source_range",
  ],
  "Gap.1": ["effects", "enabled", "markers", "metadata", "name", "source_range"],
  "ExternalReference.1": ["available_image_bounds", "available_range", "metadata", "name", "target_url"],
  "Marker.2": ["color", "comment", "marked_range", "metadata", "name"],
  "TimeRange.1": ["duration", "start_time"],
  "RationalTime.1": ["rate", "value"],
};

const clean = (raw: string) => Object.values(NASTY).find((n) => n.raw === raw)?.clean ?? raw;

/** Every object in the document that names a schema. */
function* schemaObjects(node: Json): Generator<Json> {
  if (Array.isArray(node)) for (const child of node) yield* schemaObjects(child);
  else if (node && typeof node === "object") {
    if ("OTIO_SCHEMA" in node) yield node;
    for (const value of Object.values(node)) yield* schemaObjects(value);
  }
}

const CASES = [
  ["23.976", false, 24000 / 1001],
  ["25", false, 25],
  ["29.97", true, 30000 / 1001],
  ["59.94", false, 60000 / 1001],
] as const;

describe("OTIO writer", () => {
  it.each(CASES)(
    "writes %s fps (drop frame %s) with OTIO's schemas and float rates",
    (label, dropFrame, fps) => {
      const doc = JSON.parse(writeOtio(sampleTimeline(label, dropFrame)));
      const objects = [...schemaObjects(doc)];
      for (const object of objects) {
        const { OTIO_SCHEMA: schema, ...fields } = object;
        expect(Object.keys(fields).sort(), schema).toEqual(FIELDS[schema]);
      }
      const times = objects.filter((o) => o.OTIO_SCHEMA === "RationalTime.1");
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) {
        expect(t.rate).toBe(fps);
        expect(Number.isSafeInteger(t.value)).toBe(true);
      }
      expect(doc.OTIO_SCHEMA).toBe("Timeline.1");
      expect(doc.tracks.OTIO_SCHEMA).toBe("Stack.1");
      expect(doc.tracks.children.map((t: Json) => [t.OTIO_SCHEMA, t.kind])).toEqual([
        ["Track.1", "Video"],
        ["Track.1", "Audio"],
      ]);
    },
  );

  it.each(CASES)("reads back at %s fps (drop frame %s) to the model's frames", (label, dropFrame) => {
    const timeline = sampleTimeline(label, dropFrame);
    const doc = JSON.parse(writeOtio(timeline));
    expect(doc.name).toBe(timeline.name);
    expect(doc.global_start_time.value).toBe(timeline.start);

    const [video, audio] = doc.tracks.children as Json[];
    // Where each clip lands on its track: items play one after another.
    const placed = (track: Json) => {
      let at = 0;
      const out = new Map<number, Json>();
      for (const item of track.children) {
        if (item.OTIO_SCHEMA === "Clip.2") out.set(at, item);
        else expect(item.OTIO_SCHEMA).toBe("Gap.1");
        at += item.source_range.duration.value;
      }
      return out;
    };
    const onVideo = placed(video);
    const onAudio = placed(audio);
    expect([...onVideo.keys()]).toEqual(timeline.clips.filter(hasPicture).map((c) => c.recordIn));
    expect([...onAudio.keys()]).toEqual(timeline.clips.filter(hasSound).map((c) => c.recordIn));

    const check = (clip: TimelineClip, item: Json, withMarkers: boolean) => {
      const start = clip.kind === "image" ? 0 : clip.sourceStart + clip.windowIn;
      const reference = item.media_references[item.active_media_reference_key];
      expect(item.active_media_reference_key).toBe("DEFAULT_MEDIA");
      expect(item.name).toBe(clean(clip.name));
      expect(item.source_range.start_time.value).toBe(start);
      expect(item.source_range.duration.value).toBe(recordLength(clip, timeline.rate));
      expect(reference.OTIO_SCHEMA).toBe("ExternalReference.1");
      expect(reference.target_url).toBe(clip.url);
      expect(reference.available_range.start_time.value).toBe(clip.kind === "image" ? 0 : clip.sourceStart);
      expect(reference.available_range.duration.value).toBe(
        clip.kind === "image" ? sourceLength(clip) : clip.sourceDuration,
      );
      expect(
        item.markers.map((m: Json) => ({
          offset: m.marked_range.start_time.value - start,
          duration: m.marked_range.duration.value,
          name: m.name,
          comment: m.comment,
          color: m.color,
        })),
      ).toEqual(
        withMarkers
          ? clip.markers.map((m) => ({
              offset: m.offset,
              duration: 1,
              name: clean(m.name),
              comment: m.note === undefined ? "" : clean(m.note),
              color: "BLUE",
            }))
          : [],
      );
    };
    for (const clip of timeline.clips) {
      if (hasPicture(clip)) check(clip, onVideo.get(clip.recordIn), true);
      // Markers are on the picture when there is one, so they are not doubled.
      if (hasSound(clip)) check(clip, onAudio.get(clip.recordIn), !hasPicture(clip));
    }
  });

  it("gives each media reference the clip's own rate and timecode, and the track the timeline's", () => {
    const timeline: Timeline = mixedRateTimeline();
    const doc = JSON.parse(writeOtio(timeline));
    const [video, audio] = doc.tracks.children as Json[];
    const [pal, ntsc] = video.children as Json[];
    const reference = (clip: Json) => clip.media_references.DEFAULT_MEDIA;

    expect(reference(pal).available_range).toEqual({
      OTIO_SCHEMA: "TimeRange.1",
      duration: { OTIO_SCHEMA: "RationalTime.1", rate: 25, value: 375 },
      start_time: { OTIO_SCHEMA: "RationalTime.1", rate: 25, value: 900_000 },
    });
    expect(reference(pal).metadata).toEqual({
      svc: { timecode: "10:00:00:00", audio_tracks: 1, audio_channels: 2, audio_sample_rate: 48_000 },
    });
    // The source starts at its own frame; the clip fills 360 frames of the 23.976 track.
    expect(pal.source_range.start_time).toMatchObject({ rate: 25, value: 900_000 });
    expect(pal.source_range.duration).toMatchObject({ rate: 24000 / 1001, value: 360 });
    expect(pal.markers[0].marked_range.start_time).toMatchObject({ rate: 25, value: 900_100 });

    const ntscRate = 30000 / 1001;
    expect(reference(ntsc).available_range.start_time).toMatchObject({ rate: ntscRate, value: 107_892 });
    expect(reference(ntsc).available_range.duration).toMatchObject({ rate: ntscRate, value: 300 });
    expect(reference(ntsc).metadata.svc).toMatchObject({ timecode: "01:00:00;00", audio_channels: 1 });
    expect(ntsc.source_range.start_time).toMatchObject({ rate: ntscRate, value: 107_892 + 30 });
    expect(ntsc.source_range.duration).toMatchObject({ rate: 24000 / 1001, value: 169 });

    const wav = (audio.children as Json[]).find((c) => c.name === "mono.wav");
    expect(reference(wav).metadata.svc).toEqual({
      timecode: "00:00:00:00",
      audio_tracks: 1,
      audio_channels: 1,
      audio_sample_rate: 48_000,
    });
    // Track positions add up in timeline frames.
    expect((audio.children as Json[]).map((c) => c.source_range.duration.value)).toEqual([360, 169, 96]);
  });

  it("refuses a timeline whose clips overlap", () => {
    const timeline = sampleTimeline("25");
    const [first, second] = timeline.clips;
    if (!first || !second) throw new Error("sample timeline too short");
    expect(() => writeOtio({ ...timeline, clips: [first, { ...second, recordIn: 1 }] })).toThrow(RangeError);
  });
});
