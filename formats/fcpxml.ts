import { oneLine } from "./clean-text.js";
import { canDropFrame, framesToRational } from "./timecode.js";
import { hasPicture, hasSound, type Timeline, type TimelineClip, timelineLength } from "./timeline.js";
import { type ClipMedia, mediaOf, orderedClips, withGaps } from "./track-items.js";
import { XmlWriter } from "./xml-writer.js";

/*
 * FCPXML 1.9, the version with the widest import: Final Cut Pro reads it from 10.5 on and
 * DaVinci Resolve reads it too, while 1.10 and 1.11 shut out older releases of both. Elements and
 * attributes follow the order of Apple's 1.9 DTD, which the tests validate against.
 */
const VERSION = "1.9";
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

/** The timeline as an FCPXML 1.9 document: one library, event, project and sequence. */
export function writeFcpxml(timeline: Timeline): string {
  return writeFcpxmlDocument(timeline).end();
}

/** The same document as UTF-8 bytes, without a detour through one large string. */
export function writeFcpxmlBytes(timeline: Timeline): Buffer {
  return writeFcpxmlDocument(timeline).bytes();
}

function writeFcpxmlDocument(timeline: Timeline): XmlWriter {
  const clips = orderedClips(timeline);
  const rate = timeline.rate;
  const time = (frames: number) => framesToRational(frames, rate);
  const tcFormat = (dropFrame: boolean) => (dropFrame && canDropFrame(rate) ? "DF" : "NDF");
  let lastId = 0;
  const nextId = () => `r${++lastId}`;

  // One format per picture size: the sequence takes the first clip's, and a clip of another size
  // keeps its own so an NLE does not conform it as if it were the sequence's.
  const firstPicture = clips.find(hasPicture);
  const sequenceSize = (firstPicture && sizeOf(firstPicture)) ?? DEFAULT_SIZE;
  const formats = new Map<string, Size & { id: string }>();
  const formatFor = (size: Size) => {
    const key = `${size.width}x${size.height}`;
    const known = formats.get(key);
    if (known) return known.id;
    const id = nextId();
    formats.set(key, { id, ...size });
    return id;
  };
  const sequenceFormat = formatFor(sequenceSize);

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
    const formatId = hasPicture(clip) ? formatFor(sizeOf(clip) ?? sequenceSize) : undefined;
    assets.set(clip.url, { id: nextId(), clip, media: mediaOf(clip), formatId });
  }

  const w = new XmlWriter({ doctype: "fcpxml" });
  w.ele("fcpxml", { version: VERSION }).ele("resources");
  for (const format of formats.values())
    w.ele("format", {
      id: format.id,
      frameDuration: time(1),
      width: String(format.width),
      height: String(format.height),
    }).up();
  for (const asset of assets.values()) {
    const { clip, media } = asset;
    const attributes: Record<string, string> = {
      id: asset.id,
      name: oneLine(clip.name),
      start: time(media.start),
      duration: time(media.duration),
      hasVideo: hasPicture(clip) ? "1" : "0",
    };
    if (asset.formatId) attributes.format = asset.formatId;
    attributes.hasAudio = hasSound(clip) ? "1" : "0";
    if (hasSound(clip)) {
      attributes.audioSources = String(clip.audioTracks);
      attributes.audioChannels = String(clip.audioChannels);
    }
    w.ele("asset", attributes).ele("media-rep", { kind: "original-media", src: clip.url }).up().up();
  }
  w.up();

  const name = oneLine(timeline.name);
  w.ele("library")
    .ele("event", { name })
    .ele("project", { name })
    .ele("sequence", {
      format: sequenceFormat,
      duration: time(timelineLength(timeline)),
      tcStart: time(timeline.start),
      tcFormat: tcFormat(timeline.dropFrame),
      audioLayout: "stereo",
      audioRate: "48k",
    });
  w.ele("spine");
  for (const item of withGaps(clips)) {
    const offset = time(timeline.start + item.recordIn);
    if (item.kind === "gap") {
      w.ele("gap", { name: "Gap", offset, duration: time(item.length) }).up();
      continue;
    }
    const { clip } = item;
    const asset = assets.get(clip.url) as Asset;
    const start = mediaOf(clip).start + mediaOf(clip).in;
    w.ele("asset-clip", {
      ref: asset.id,
      offset,
      name: oneLine(clip.name),
      start: time(start),
      duration: time(item.length),
      tcFormat: tcFormat(clip.dropFrame),
    });
    for (const marker of clip.markers) {
      const attributes: Record<string, string> = {
        start: time(start + marker.offset),
        duration: time(1),
        value: oneLine(marker.name),
      };
      const note = oneLine(marker.note ?? "");
      if (note !== "") attributes.note = note;
      w.ele("marker", attributes).up();
    }
    w.up();
  }
  return w;
}
