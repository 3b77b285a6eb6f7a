import { oneLine } from "./clean-text.js";
import { markerColor, otioColor } from "./marker-colors.js";
import { type FrameRate, fpsOf, framesToTimecode } from "./timecode.js";
import {
  clipLabel,
  hasPicture,
  hasSound,
  recordLength,
  type SoundSpan,
  type SyncedSound,
  soundSpan,
  spanFrames,
  spanSamples,
  type Timeline,
  type TimelineClip,
  type TimelineMarker,
} from "./timeline.js";
import { mediaOf, orderedClips, withGaps } from "./track-items.js";

/*
 * OpenTimelineIO JSON, with the field names of OTIO's serialized schema. OTIO upgrades an older
 * schema version when it reads one but refuses a newer one than it knows, so this writes
 * Timeline.1 (Timeline.2 only adds canvas_size) beside Clip.2 and Marker.2. Rates are floats, as
 * OTIO keeps them: 24000/1001 is 23.976023976023978. Times are whole frames: a media
 * reference's available range, a clip's source start and its markers at the clip's own rate, the
 * lengths of clips and gaps on a track at the timeline's, so a clip of another rate keeps its own
 * timecode and still fills whole frames of the timeline. OTIO has no field for sound; a
 * reference's metadata carries it under `svc`, with the start timecode as its label. Synced sound
 * goes on a track of its own; markers take OTIO's nearest colour and keep svc's in metadata.
 */
const MEDIA_KEY = "DEFAULT_MEDIA";

type Json = { [key: string]: Json } | Json[] | string | number | boolean | null;

/** A file's reference by its URL; an image sequence's by its frames' folder, names and numbers. */
const reference = (clip: TimelineClip): { [key: string]: Json } =>
  clip.sequence
    ? {
        OTIO_SCHEMA: "ImageSequenceReference.1",
        target_url_base: clip.sequence.folderUrl,
        name_prefix: clip.sequence.prefix,
        name_suffix: clip.sequence.suffix,
        start_frame: clip.sequence.first,
        frame_step: 1,
        rate: fpsOf(clip.sourceRate),
        frame_zero_padding: clip.sequence.padding,
        missing_frame_policy: "error",
      }
    : { OTIO_SCHEMA: "ExternalReference.1", target_url: clip.url };

/** The timeline as an OTIO document: one video track and one audio track. */
export function writeOtio(timeline: Timeline): string {
  const clips = orderedClips(timeline);
  const at =
    (rate: FrameRate) =>
    (value: number): Json => ({
      OTIO_SCHEMA: "RationalTime.1",
      rate: fpsOf(rate),
      value,
    });
  const time = at(timeline.rate);
  const range = (start: Json, duration: Json): Json => ({
    OTIO_SCHEMA: "TimeRange.1",
    duration,
    start_time: start,
  });

  // A clip with picture and sound sits on both tracks; its markers go on the picture only, so an
  // NLE does not show each one twice.
  const clipJson = (clip: TimelineClip, withMarkers: boolean): Json => {
    const media = mediaOf(clip);
    const start = media.start + media.in;
    const name = oneLine(clip.name);
    const own = at(clip.sourceRate);
    const metadata: { [key: string]: Json } = {};
    if (clip.kind !== "image")
      metadata.timecode = framesToTimecode(media.start, clip.sourceRate, clip.dropFrame);
    const { picture } = clip;
    if (hasPicture(clip) && picture && clip.width && clip.height) {
      // Coded size, and how it is shown: the file's pixel aspect and the editor's desqueeze apart.
      Object.assign(metadata, { width: clip.width, height: clip.height });
      Object.assign(metadata, { pixel_aspect: picture.pixelAspect, desqueeze: picture.desqueeze });
      if (picture.fieldOrder) metadata.field_order = picture.fieldOrder;
      if (picture.hdr) metadata.hdr = picture.hdr;
    }
    if (hasSound(clip)) {
      metadata.audio_tracks = clip.audioTracks;
      metadata.audio_channels = clip.audioChannels;
      metadata.audio_sample_rate = clip.audioRate;
    }
    const clipMetadata: { [key: string]: Json } = {};
    if (clip.subclip)
      clipMetadata.svc = {
        subclip: {
          name: oneLine(clip.subclip.name),
          note: oneLine(clip.subclip.note),
          color: clip.subclip.color,
        },
      };
    return {
      OTIO_SCHEMA: "Clip.2",
      metadata: clipMetadata,
      name: oneLine(clipLabel(clip)),
      source_range: range(own(start), time(recordLength(clip, timeline.rate))),
      effects: [],
      markers: withMarkers ? clip.markers.map((marker) => markerJson(marker, own, start)) : [],
      enabled: true,
      media_references: {
        [MEDIA_KEY]: {
          ...reference(clip),
          metadata: { svc: metadata },
          name,
          available_range: range(own(media.start), own(media.duration)),
          available_image_bounds: null,
        },
      },
      active_media_reference_key: MEDIA_KEY,
    };
  };

  // OTIO's colour is the nearest of its own; the exact colour, kind, note and author stay in metadata.
  const markerJson = (marker: TimelineMarker, own: (value: number) => Json, start: number): Json => {
    const svc: { [key: string]: Json } = { color: markerColor(marker.color), kind: marker.kind ?? "marker" };
    if (marker.note) svc.note = oneLine(marker.note);
    if (marker.author) svc.author = oneLine(marker.author);
    return {
      OTIO_SCHEMA: "Marker.2",
      metadata: { svc },
      name: oneLine(marker.name),
      color: otioColor(marker.color),
      marked_range: range(own(start + marker.offset), own(marker.duration ?? 1)),
      comment: oneLine(marker.note ?? ""),
    };
  };

  // The synced sound on its own track: where the recorder's sound plays against each clip, to
  // the nearest frame, with the exact sample offsets in metadata.
  const soundJson = (clip: TimelineClip, sound: SyncedSound, span: SoundSpan, length: number): Json => {
    const own = at(clip.sourceRate);
    const soundIn = spanFrames(span.soundIn, span, clip.sourceRate);
    const fileFrames = Math.ceil(
      (sound.samples * clip.sourceRate.num) / (sound.sampleRate * clip.sourceRate.den),
    );
    const name = oneLine(sound.name);
    return {
      OTIO_SCHEMA: "Clip.2",
      metadata: {
        svc: {
          synced_to: oneLine(clip.name),
          offset_samples: sound.offsetSamples,
          sound_in_samples: spanSamples(span.soundIn, span, sound.sampleRate),
          delay_samples: spanSamples(span.delay, span, sound.sampleRate),
          sample_rate: sound.sampleRate,
          channels: sound.channels.map((c) => ({
            index: c.index,
            name: c.name === null ? null : oneLine(c.name),
          })),
        },
      },
      name,
      source_range: range(own(sound.sourceStart + soundIn), time(length)),
      effects: [],
      markers: [],
      enabled: true,
      media_references: {
        [MEDIA_KEY]: {
          OTIO_SCHEMA: "ExternalReference.1",
          target_url: sound.url,
          metadata: {
            svc: {
              timecode: framesToTimecode(sound.sourceStart, clip.sourceRate, sound.dropFrame),
              audio_channels: sound.channelCount,
              audio_sample_rate: sound.sampleRate,
            },
          },
          name,
          available_range: range(own(sound.sourceStart), own(Math.max(1, fileFrames))),
          available_image_bounds: null,
        },
      },
      active_media_reference_key: MEDIA_KEY,
    };
  };

  const gapJson = (length: number): Json => ({
    OTIO_SCHEMA: "Gap.1",
    metadata: {},
    name: "",
    source_range: range(time(0), time(length)),
    effects: [],
    markers: [],
    enabled: true,
  });

  const soundTrack = (): Json | null => {
    const children: Json[] = [];
    let end = 0;
    for (const clip of clips) {
      const span = soundSpan(clip);
      if (!span || !clip.sound) continue;
      const clipEnd = clip.recordIn + recordLength(clip, timeline.rate);
      const recordIn = Math.min(clipEnd - 1, clip.recordIn + spanFrames(span.delay, span, timeline.rate));
      const recordOut = Math.min(
        clipEnd,
        Math.max(recordIn + 1, clip.recordIn + spanFrames(span.delay + span.length, span, timeline.rate)),
      );
      if (recordIn > end) children.push(gapJson(recordIn - end));
      children.push(soundJson(clip, clip.sound, span, recordOut - recordIn));
      end = recordOut;
    }
    if (children.length === 0) return null;
    return {
      OTIO_SCHEMA: "Track.1",
      metadata: {},
      name: "A2 Sync Sound",
      source_range: null,
      effects: [],
      markers: [],
      enabled: true,
      children,
      kind: "Audio",
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
    children: withGaps(onTrack, timeline.rate).map(
      (item): Json =>
        item.kind === "gap"
          ? gapJson(item.length)
          : clipJson(item.clip, kind === "Video" || !hasPicture(item.clip)),
    ),
    kind,
  });

  const synced = soundTrack();
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
        ...(synced ? [synced] : []),
      ],
    },
  };
  // Tabs: a 500-clip timeline nests deep, and four spaces a level were most of its bytes.
  return `${JSON.stringify(document, null, "\t")}\n`;
}
