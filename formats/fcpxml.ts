import { oneLine } from "./clean-text.js";
import { isSquare, shownPixelAspect } from "./picture.js";
import { type FrameRate, framesToRational, rateLabel, rationalTime } from "./timecode.js";
import {
  clipLabel,
  clipNote,
  hasPicture,
  hasSound,
  type SoundChannel,
  type SyncedSound,
  sameRate,
  soundSpan,
  type Timeline,
  type TimelineClip,
  type TimelineMarker,
  timelineLength,
} from "./timeline.js";
import { type ClipMedia, mediaOf, orderedClips, withGaps } from "./track-items.js";
import { XmlWriter } from "./xml-writer.js";

/*
 * FCPXML 1.9 by default, the version with the widest import: Final Cut Pro reads it from 10.5 on
 * and DaVinci Resolve reads it too, while 1.10 (Final Cut Pro 10.6) and 1.11 (10.7) shut out older
 * releases of both. Nothing svc writes changed between the three DTDs (1.10 and 1.11 only add
 * elements svc does not use), so the document differs by its version attribute alone; the tests
 * validate each against its own DTD.
 */
export const FCPXML_VERSIONS = ["1.9", "1.10", "1.11"] as const;
export type FcpxmlVersion = (typeof FCPXML_VERSIONS)[number];
export const DEFAULT_FCPXML_VERSION: FcpxmlVersion = "1.9";
const DEFAULT_SIZE = { width: 1920, height: 1080 };

type Size = { width: number; height: number };

interface Asset {
  id: string;
  clip: TimelineClip;
  media: ClipMedia;
  formatId: string | undefined;
}

const sizeOf = (clip: TimelineClip): Size | undefined =>
  clip.width && clip.height ? { width: clip.width, height: clip.height } : undefined;

const FIELD_ORDERS: Readonly<Record<string, string>> = { tff: "upper first", bff: "lower first" };
// Primaries, transfer and matrix as ISO/IEC 23001-8 numbers them, with the names the DTD lists.
const COLOR_SPACES: Readonly<Record<string, string>> = {
  pq: "9-16-9 (Rec. 2020 PQ)",
  hlg: "9-18-9 (Rec. 2020 HLG)",
};

/**
 * The format attributes beyond size and rate that say how a clip is shown, in the DTD's order:
 * interlacing, the pixel aspect (the file's times the desqueeze) and an HDR colour space.
 */
function pictureAttributes(clip: TimelineClip | undefined): Record<string, string> {
  const picture = clip?.picture;
  const attributes: Record<string, string> = {};
  const fieldOrder = FIELD_ORDERS[picture?.fieldOrder ?? ""];
  if (fieldOrder) attributes.fieldOrder = fieldOrder;
  const aspect = shownPixelAspect(picture);
  if (!isSquare(aspect)) Object.assign(attributes, { paspH: String(aspect.h), paspV: String(aspect.v) });
  const colorSpace = COLOR_SPACES[picture?.hdr ?? ""];
  if (colorSpace) attributes.colorSpace = colorSpace;
  return attributes;
}

// The source rates conform-rate may name in the 1.9 DTD, by the label svc gives each rate.
const CONFORM_RATES: Readonly<Record<string, string>> = {
  "23.976": "23.98",
  "24": "24",
  "25": "25",
  "29.97": "29.97",
  "30": "30",
  "48": "48",
  "50": "50",
  "59.94": "59.94",
  "60": "60",
};

/**
 * The role a recorder channel plays in Final Cut Pro: a subrole of Dialogue named after the
 * channel's iXML name (`dialogue.Boom`), or `Dialogue-N` as Final Cut Pro numbers unnamed ones.
 * A role name is one word before the dot, so dots in the channel name become spaces.
 */
export function channelRole(channel: SoundChannel): string {
  const name = oneLine(channel.name ?? "")
    .replaceAll(".", " ")
    .trim()
    .slice(0, 64);
  return `dialogue.${name || `Dialogue-${channel.index}`}`;
}

/**
 * A rating as Final Cut Pro has it: the web app's four and five stars are favourites, one star a
 * reject; other ratings have no counterpart there.
 */
export function fcpRating(rating: string): "favorite" | "reject" | null {
  const stars = rating.trim();
  if (stars === "4" || stars === "5") return "favorite";
  if (stars === "1") return "reject";
  return null;
}

/** A tag as one keyword of a comma-separated list: its commas would split it, so they go. */
const keywordOf = (tag: string): string => oneLine(tag).replaceAll(",", " ").replace(/\s+/g, " ").trim();

/** The keywords of a clip, each once, in the order its tags come. */
const keywordsOf = (clip: TimelineClip): string[] => [
  ...new Set((clip.log?.tags ?? []).map(keywordOf).filter((k) => k !== "")),
];

/** The marker elements of a clip: to-dos are uncompleted markers, chapters chapter markers. */
function writeMarkers(
  w: XmlWriter,
  markers: readonly TimelineMarker[],
  at: (offset: number) => string,
  length: (frames: number) => string,
): void {
  for (const marker of markers) {
    const attributes: Record<string, string> = {
      start: at(marker.offset),
      duration: length(marker.duration ?? 1),
      value: oneLine(marker.name),
    };
    if (marker.kind === "todo") attributes.completed = "0";
    const note = oneLine(marker.note ?? "");
    if (note !== "") attributes.note = note;
    if (marker.kind === "chapter") w.ele("chapter-marker", { ...attributes, posterOffset: "0s" }).up();
    else w.ele("marker", attributes).up();
  }
}

/** The timeline as an FCPXML document: one library, event, project and sequence. */
export function writeFcpxml(timeline: Timeline, version: FcpxmlVersion = DEFAULT_FCPXML_VERSION): string {
  return writeFcpxmlDocument(timeline, version).end();
}

/** The same document as UTF-8 bytes, without a detour through one large string. */
export function writeFcpxmlBytes(
  timeline: Timeline,
  version: FcpxmlVersion = DEFAULT_FCPXML_VERSION,
): Buffer {
  return writeFcpxmlDocument(timeline, version).bytes();
}

function writeFcpxmlDocument(timeline: Timeline, version: FcpxmlVersion): XmlWriter {
  const clips = orderedClips(timeline);
  const rate = timeline.rate;
  // Positions on the timeline count at its rate; everything inside a clip at the clip's own.
  const time = (frames: number) => framesToRational(frames, rate);
  const sourceTime = (clip: TimelineClip, frames: number) => framesToRational(frames, clip.sourceRate);
  const tcFormat = (dropFrame: boolean) => (dropFrame ? "DF" : "NDF");
  let lastId = 0;
  const nextId = () => `r${++lastId}`;

  // One format per picture size and rate: the sequence takes the first clip's size at its own
  // rate, and a clip of another size or rate keeps its own, so an NLE conforms it rather than
  // taking it for the sequence's.
  const firstPicture = clips.find(hasPicture);
  const sequenceSize = (firstPicture && sizeOf(firstPicture)) ?? DEFAULT_SIZE;
  const formats = new Map<string, Size & { id: string; rate: FrameRate; look: Record<string, string> }>();
  const formatFor = (size: Size, frameRate: FrameRate, look: Record<string, string>) => {
    const key = `${size.width}x${size.height}@${frameRate.num}/${frameRate.den}${JSON.stringify(look)}`;
    const known = formats.get(key);
    if (known) return known.id;
    const id = nextId();
    formats.set(key, { id, ...size, rate: frameRate, look });
    return id;
  };
  const sequenceFormat = formatFor(sequenceSize, rate, pictureAttributes(firstPicture));

  // One asset per file, however many windows of it the timeline uses; a still's asset lasts as
  // long as its longest window.
  const assets = new Map<string, Asset>();
  for (const clip of clips) {
    const known = assets.get(clip.url);
    if (known) {
      if (clip.kind === "image")
        known.media.duration = Math.max(known.media.duration, mediaOf(clip).duration);
      continue;
    }
    const formatId = hasPicture(clip)
      ? formatFor(sizeOf(clip) ?? sequenceSize, clip.sourceRate, pictureAttributes(clip))
      : undefined;
    assets.set(clip.url, { id: nextId(), clip, media: mediaOf(clip), formatId });
  }

  // One audio-only asset per synced sound file, its times in samples.
  const soundAssets = new Map<string, { id: string; sound: SyncedSound; clip: TimelineClip }>();
  for (const clip of clips)
    if (clip.sound && soundSpan(clip) && !soundAssets.has(clip.sound.url))
      soundAssets.set(clip.sound.url, { id: nextId(), sound: clip.sound, clip });

  const w = new XmlWriter({ doctype: "fcpxml" });
  w.ele("fcpxml", { version }).ele("resources");
  for (const format of formats.values()) {
    const { fieldOrder, ...rest } = format.look;
    w.ele("format", {
      id: format.id,
      frameDuration: framesToRational(1, format.rate),
      ...(fieldOrder ? { fieldOrder } : {}),
      width: String(format.width),
      height: String(format.height),
      ...rest,
    }).up();
  }
  for (const asset of assets.values()) {
    const { clip, media } = asset;
    const attributes: Record<string, string> = {
      id: asset.id,
      name: oneLine(clip.name),
      start: sourceTime(clip, media.start),
      duration: sourceTime(clip, media.duration),
      hasVideo: hasPicture(clip) ? "1" : "0",
    };
    if (asset.formatId) attributes.format = asset.formatId;
    attributes.hasAudio = hasSound(clip) ? "1" : "0";
    if (hasSound(clip)) {
      attributes.audioSources = String(clip.audioTracks);
      attributes.audioChannels = String(clip.audioChannels);
      attributes.audioRate = String(clip.audioRate);
    }
    w.ele("asset", attributes)
      .ele("media-rep", { kind: "original-media", src: clip.sequence?.firstFrameUrl ?? clip.url })
      .up()
      .up();
  }
  for (const { id, sound, clip } of soundAssets.values()) {
    w.ele("asset", {
      id,
      name: oneLine(sound.name),
      start: sourceTime(clip, sound.sourceStart),
      duration: rationalTime(sound.samples, sound.sampleRate),
      hasVideo: "0",
      hasAudio: "1",
      audioSources: "1",
      audioChannels: String(sound.channelCount),
      audioRate: String(sound.sampleRate),
    })
      .ele("media-rep", { kind: "original-media", src: sound.url })
      .up()
      .up();
  }
  w.up();

  const name = oneLine(timeline.name);
  w.ele("library").ele("event", { name: oneLine(timeline.event ?? timeline.name) });
  // A keyword collection per keyword, as Final Cut Pro makes one for each keyword it meets.
  for (const keyword of [...new Set(clips.flatMap(keywordsOf))].sort())
    w.ele("keyword-collection", { name: keyword }).up();
  w.ele("project", { name }).ele("sequence", {
    format: sequenceFormat,
    duration: time(timelineLength(timeline)),
    tcStart: time(timeline.start),
    tcFormat: tcFormat(timeline.dropFrame),
    audioLayout: "stereo",
    audioRate: "48k",
  });
  w.ele("spine");
  for (const item of withGaps(clips, rate)) {
    const offset = time(timeline.start + item.recordIn);
    if (item.kind === "gap") {
      w.ele("gap", { name: "Gap", offset, duration: time(item.length) }).up();
      continue;
    }
    const { clip } = item;
    const asset = assets.get(clip.url) as Asset;
    const start = mediaOf(clip).start + mediaOf(clip).in;
    // The clip's start is in its own time, its length in the sequence's: a clip of another rate
    // names its format, so its local time counts at its rate, and plays at its own speed
    // (conform-rate without scaling), as Final Cut Pro writes such a clip itself.
    const otherRate = hasPicture(clip) && !sameRate(clip.sourceRate, rate);
    const attributes: Record<string, string> = {
      ref: asset.id,
      offset,
      name: oneLine(clipLabel(clip)),
      start: sourceTime(clip, start),
      duration: time(item.length),
    };
    if (otherRate && asset.formatId) attributes.format = asset.formatId;
    attributes.tcFormat = tcFormat(clip.dropFrame);
    w.ele("asset-clip", attributes);
    // A subclip's note is its own; a select's is the item's rating note.
    const note = oneLine(clipNote(clip));
    if (note !== "") w.leaf("note", note);
    if (otherRate) {
      const srcFrameRate = CONFORM_RATES[rateLabel(clip.sourceRate)];
      w.ele("conform-rate", srcFrameRate ? { scaleEnabled: "0", srcFrameRate } : { scaleEnabled: "0" }).up();
    }
    const span = soundSpan(clip);
    const sound = clip.sound;
    if (span && sound) {
      // Connected below the picture (lane -1) in the clip's own time, to the sample: the clip's
      // start plus the delay before the recorder started, and the sound's timecode origin plus
      // where the window falls in the file.
      const frameUnits = clip.sourceRate.den * sound.sampleRate;
      const soundAsset = soundAssets.get(sound.url);
      w.ele("asset-clip", {
        ref: soundAsset?.id ?? "",
        lane: "-1",
        offset: rationalTime(start * frameUnits + span.delay, span.unit),
        name: oneLine(sound.name),
        start: rationalTime(sound.sourceStart * frameUnits + span.soundIn, span.unit),
        duration: rationalTime(span.length, span.unit),
        tcFormat: tcFormat(sound.dropFrame),
        audioRole: channelRole(sound.channels[0] ?? { index: 1, name: null }),
      });
      for (const channel of sound.channels)
        w.ele("audio-channel-source", { srcCh: String(channel.index), role: channelRole(channel) }).up();
      w.up();
    }
    writeMarkers(
      w,
      clip.markers,
      (offset) => sourceTime(clip, start + offset),
      (frames) => sourceTime(clip, frames),
    );
    // Keywords and the rating cover the clip's whole window, as they do a whole browser clip.
    const range = {
      start: sourceTime(clip, start),
      duration: sourceTime(clip, clip.windowOut - clip.windowIn),
    };
    const keywords = keywordsOf(clip);
    if (keywords.length > 0) w.ele("keyword", { ...range, value: keywords.join(", ") }).up();
    const rating = fcpRating(clip.log?.rating ?? "");
    if (rating) w.ele("rating", { ...range, value: rating }).up();
    w.up();
  }
  return w;
}
