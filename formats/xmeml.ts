import { oneLine } from "./clean-text.js";
import { xmemlPixelAspect } from "./picture.js";
import { type FrameRate, framesToTimecode, timecodeBase } from "./timecode.js";
import {
  clipLabel,
  hasPicture,
  hasSound,
  recordLength,
  type SoundSpan,
  type SyncedSound,
  soundSpan,
  sourceLength,
  spanFrames,
  type Timeline,
  type TimelineClip,
  timelineLength,
} from "./timeline.js";
import { type ClipMedia, mediaOf, orderedClips } from "./track-items.js";
import { XmlWriter } from "./xml-writer.js";

/*
 * Final Cut Pro 7 XML (xmeml version 4): the interchange Premiere Pro imports, which Resolve reads
 * too. Audio follows the shape Premiere writes itself: a stereo track is an "exploded" pair of
 * xmeml tracks, the left one playing source channel 1 and the right one channel 2, so Premiere
 * shows one stereo track and FCP 7 or Resolve see two mono ones, each with the right channel.
 * Times follow Premiere's too: a clip item's start and end count at the sequence's rate, while its
 * rate, duration, in, out and markers, and its file's rate and timecode, are the clip's own.
 */
const VERSION = "4";
const DEFAULT_SIZE = { width: 1920, height: 1080 };
const FIELD_DOMINANCE: Readonly<Record<string, string>> = { tff: "upper", bff: "lower" };
// The sequence mixes to 48 kHz stereo; each file states its own sample rate.
const SEQUENCE_SAMPLE_RATE = "48000";
const DEPTH = "16";

// Written as a stream (a 500-clip timeline is several megabytes): every element opened here is
// closed with up() in document order.
type Node = XmlWriter;

interface Item {
  id: string;
  clip: TimelineClip;
  kind: "video" | "audio";
  /** Sequence track, from 1 within its kind. */
  track: number;
  /** Position among the clip items of that track, from 1. */
  index: number;
  /** Source audio channel an audio item plays (0 for video). */
  channel: number;
  /** An item of the clip's synced sound rather than of its own file. */
  sound?: { sound: SyncedSound; span: SoundSpan };
}

interface SourceFile {
  id: string;
  clip: TimelineClip;
  media: ClipMedia;
}

/** Channels of a clip's sound: every track is taken to have as many as its first. */
const channelsOf = (clip: TimelineClip) => clip.audioTracks * Math.max(1, clip.audioChannels);
/** Sequence audio tracks a clip fills: one exploded stereo pair for every two channels. */
const audioTracksOf = (clip: TimelineClip) => (hasSound(clip) ? 2 * Math.ceil(channelsOf(clip) / 2) : 0);

function rate(parent: Node, value: FrameRate): void {
  parent.ele("rate");
  text(parent, "timebase", timecodeBase(value));
  text(parent, "ntsc", value.den === 1001 ? "TRUE" : "FALSE");
  parent.up();
}

function timecode(parent: Node, frames: number, value: FrameRate, dropFrame: boolean): void {
  parent.ele("timecode");
  rate(parent, value);
  text(parent, "string", framesToTimecode(frames, value, dropFrame));
  text(parent, "frame", frames);
  text(parent, "displayformat", dropFrame ? "DF" : "NDF");
  parent.up();
}

function text(parent: Node, name: string, value: string | number): void {
  parent.leaf(name, value);
}

/**
 * What an editor logged about a clip, in the fields Premiere's Project panel shows for an
 * imported xmeml clip: Description, Scene, Shot/Take, Log Note and Good from `<logginginfo>`,
 * and the first of the master comments (Comment) from `<comments>`.
 */
export interface LoggingInfo {
  description: string;
  scene: string;
  shotTake: string;
  logNote: string;
  good: boolean;
  /** Up to four comments: Premiere reads them as Comment 1 to 4 of the master clip. */
  comments: string[];
}

export interface XmemlOptions {
  /** The log of each clip of the timeline; clips without one get no logging fields. */
  logs?: ReadonlyMap<TimelineClip, LoggingInfo>;
  /** A bin of that name beside the sequence, holding a master clip for every source file. */
  bin?: string;
}

const MASTER_COMMENTS = 4;

/** The timeline as an xmeml sequence: one video track and a stereo pair of audio tracks per channel pair. */
export function writeXmeml(timeline: Timeline, options: XmemlOptions = {}): string {
  return writeXmemlDocument(timeline, options).end();
}

/** The same document as UTF-8 bytes, without a detour through one large string. */
export function writeXmemlBytes(timeline: Timeline, options: XmemlOptions = {}): Buffer {
  return writeXmemlDocument(timeline, options).bytes();
}

function logElements(b: Node, log: LoggingInfo | undefined): void {
  if (!log) return;
  b.ele("logginginfo");
  text(b, "description", oneLine(log.description));
  text(b, "scene", oneLine(log.scene));
  text(b, "shottake", oneLine(log.shotTake));
  text(b, "lognote", oneLine(log.logNote));
  text(b, "good", log.good ? "TRUE" : "FALSE");
  b.up();
  const comments = log.comments.slice(0, MASTER_COMMENTS).map(oneLine);
  if (comments.some((comment) => comment !== "")) {
    b.ele("comments");
    comments.forEach((comment, i) => {
      text(b, `mastercomment${i + 1}`, comment);
    });
    b.up();
  }
}

function writeXmemlDocument(timeline: Timeline, options: XmemlOptions): XmlWriter {
  const clips = orderedClips(timeline);
  const fps = timeline.rate;
  const firstPicture = clips.find(hasPicture);
  const size =
    firstPicture?.width && firstPicture.height
      ? { width: firstPicture.width, height: firstPicture.height }
      : DEFAULT_SIZE;
  const cameraTracks = Math.max(2, ...clips.map(audioTracksOf));
  // The synced sound goes below the cameras' own sound, one mono track per recorder channel.
  const spans = new Map(clips.map((clip) => [clip, soundSpan(clip)]));
  const soundTracks = Math.max(
    0,
    ...clips.map((clip) => (spans.get(clip) ? (clip.sound?.channels.length ?? 0) : 0)),
  );
  const audioTracks = cameraTracks + soundTracks;

  // Every clip item is numbered before any is written, because each names the others it is linked to.
  let lastItem = 0;
  const itemsOf = new Map<TimelineClip, Item[]>();
  const videoItems: Item[] = [];
  const audioItems: Item[][] = Array.from({ length: audioTracks }, () => []);
  for (const clip of clips) {
    const items: Item[] = [];
    if (hasPicture(clip)) {
      const id = `clipitem-${++lastItem}`;
      const item: Item = { id, clip, kind: "video", track: 1, index: videoItems.length + 1, channel: 0 };
      videoItems.push(item);
      items.push(item);
    }
    for (let track = 1; track <= audioTracksOf(clip); track++) {
      const onTrack = audioItems[track - 1] as Item[];
      const channel = Math.min(track, channelsOf(clip));
      const item: Item = {
        id: `clipitem-${++lastItem}`,
        clip,
        kind: "audio",
        track,
        index: onTrack.length + 1,
        channel,
      };
      onTrack.push(item);
      items.push(item);
    }
    const span = spans.get(clip);
    if (span && clip.sound)
      clip.sound.channels.forEach((channel, i) => {
        const track = cameraTracks + i + 1;
        const onTrack = audioItems[track - 1] as Item[];
        const item: Item = {
          id: `clipitem-${++lastItem}`,
          clip,
          kind: "audio",
          track,
          index: onTrack.length + 1,
          channel: channel.index,
          sound: { sound: clip.sound as SyncedSound, span },
        };
        onTrack.push(item);
        items.push(item);
      });
    itemsOf.set(clip, items);
  }

  // One file element per source file; a still's file lasts as long as its longest window.
  const files = new Map<string, SourceFile>();
  for (const clip of clips) {
    const known = files.get(clip.url);
    if (known) known.media.duration = Math.max(known.media.duration, mediaOf(clip).duration);
    else files.set(clip.url, { id: `file-${files.size + 1}`, clip, media: mediaOf(clip) });
  }
  // The synced sound files count at the rate of the clip they are synced to, in whole frames.
  const soundFiles = new Map<string, SourceFile>();
  for (const clip of clips) {
    const sound = clip.sound;
    if (!sound || !spans.get(clip) || soundFiles.has(sound.url)) continue;
    const frames = Math.ceil(
      (sound.samples * clip.sourceRate.num) / (sound.sampleRate * clip.sourceRate.den),
    );
    const { sequence: _picture, ...camera } = clip;
    soundFiles.set(sound.url, {
      id: `file-${files.size + soundFiles.size + 1}`,
      clip: {
        ...camera,
        name: sound.name,
        kind: "audio",
        url: sound.url,
        dropFrame: sound.dropFrame,
        audioTracks: 1,
        audioChannels: sound.channelCount,
        audioRate: sound.sampleRate,
      },
      media: { start: sound.sourceStart, duration: Math.max(1, frames), in: 0 },
    });
  }
  const written = new Set<string>();
  const masterOf = (url: string) => `masterclip-${(files.get(url) as SourceFile).id.slice("file-".length)}`;

  const fileElement = (b: Node, source: SourceFile) => {
    b.ele("file", { id: source.id });
    if (written.has(source.id)) {
      b.up();
      return;
    }
    written.add(source.id);
    const { clip, media } = source;
    text(b, "name", oneLine(clip.name));
    text(b, "pathurl", clip.sequence?.firstFrameUrl ?? clip.url);
    rate(b, clip.sourceRate);
    text(b, "duration", media.duration);
    if (clip.kind !== "image") timecode(b, media.start, clip.sourceRate, clip.dropFrame);
    b.ele("media");
    if (hasPicture(clip)) {
      b.ele("video").ele("samplecharacteristics");
      rate(b, clip.sourceRate);
      text(b, "width", clip.width ?? size.width);
      text(b, "height", clip.height ?? size.height);
      const aspect = xmemlPixelAspect(clip.picture, clip.width);
      if (aspect) {
        text(b, "anamorphic", aspect.anamorphic ? "TRUE" : "FALSE");
        text(b, "pixelaspectratio", aspect.name);
      }
      const dominance = FIELD_DOMINANCE[clip.picture?.fieldOrder ?? ""];
      if (dominance) text(b, "fielddominance", dominance);
      b.up().up();
    }
    if (hasSound(clip)) {
      b.ele("audio").ele("samplecharacteristics");
      text(b, "depth", DEPTH);
      text(b, "samplerate", clip.audioRate);
      b.up();
      text(b, "channelcount", channelsOf(clip));
      b.up();
    }
    b.up().up();
  };

  // A synced sound item starts where the recorder did (after the clip's first frame when it
  // started later) and plays the part of the file that overlaps the window, to the nearest frame.
  const soundItem = (b: Node, item: Item, synced: NonNullable<Item["sound"]>) => {
    const { clip } = item;
    const { sound, span } = synced;
    const source = soundFiles.get(sound.url) as SourceFile;
    const soundIn = spanFrames(span.soundIn, span, clip.sourceRate);
    const start = clip.recordIn + spanFrames(span.delay, span, fps);
    const end = Math.min(
      clip.recordIn + recordLength(clip, fps),
      Math.max(start + 1, clip.recordIn + spanFrames(span.delay + span.length, span, fps)),
    );
    b.ele("clipitem", { id: item.id, premiereChannelType: "mono" });
    text(b, "name", oneLine(sound.name));
    text(b, "enabled", "TRUE");
    text(b, "duration", source.media.duration);
    rate(b, clip.sourceRate);
    text(b, "start", start);
    text(b, "end", end);
    text(b, "in", soundIn);
    text(b, "out", Math.max(soundIn + 1, spanFrames(span.soundIn + span.length, span, clip.sourceRate)));
    fileElement(b, source);
  };

  const writeItem = (b: Node, item: Item) => {
    const { clip } = item;
    const media = mediaOf(clip);
    if (item.sound) soundItem(b, item, item.sound);
    else {
      b.ele(
        "clipitem",
        item.kind === "audio" ? { id: item.id, premiereChannelType: "stereo" } : { id: item.id },
      );
      if (options.bin !== undefined) text(b, "masterclipid", masterOf(clip.url));
      text(b, "name", oneLine(clipLabel(clip)));
      text(b, "enabled", "TRUE");
      text(b, "duration", media.duration);
      rate(b, clip.sourceRate);
      text(b, "start", clip.recordIn);
      text(b, "end", clip.recordIn + recordLength(clip, fps));
      text(b, "in", media.in);
      text(b, "out", media.in + sourceLength(clip));
      fileElement(b, files.get(clip.url) as SourceFile);
    }
    if (item.kind === "audio") {
      b.ele("sourcetrack");
      text(b, "mediatype", "audio");
      text(b, "trackindex", item.channel);
      b.up();
    }
    const linked = itemsOf.get(clip) ?? [];
    if (linked.length > 1)
      for (const other of linked) {
        b.ele("link");
        text(b, "linkclipref", other.id);
        text(b, "mediatype", other.kind);
        text(b, "trackindex", other.track);
        text(b, "clipindex", other.index);
        if (other.kind === "audio")
          text(
            b,
            "groupindex",
            other.sound
              ? Math.ceil(cameraTracks / 2) + other.track - cameraTracks
              : Math.ceil(other.track / 2),
          );
        b.up();
      }
    // The log and markers belong to the clip, so they go on its first item only; xmeml has no
    // marker colour.
    if (linked[0] === item) logElements(b, options.logs?.get(clip));
    if (linked[0] === item)
      for (const marker of clip.markers) {
        const at = media.in + marker.offset;
        b.ele("marker");
        text(b, "name", oneLine(marker.name));
        text(b, "comment", oneLine(marker.note ?? ""));
        text(b, "in", at);
        text(b, "out", marker.duration ? at + marker.duration : -1);
        b.up();
      }
    b.up();
  };

  const b = new XmlWriter({ doctype: "xmeml" });
  b.ele("xmeml", { version: VERSION }).ele("sequence", { id: "sequence-1", explodedTracks: "true" });
  text(b, "name", oneLine(timeline.name));
  text(b, "duration", timelineLength(timeline));
  rate(b, fps);
  timecode(b, timeline.start, fps, timeline.dropFrame);
  b.ele("media");

  b.ele("video").ele("format").ele("samplecharacteristics");
  rate(b, fps);
  text(b, "width", size.width);
  text(b, "height", size.height);
  text(b, "anamorphic", "FALSE");
  text(b, "pixelaspectratio", "square");
  text(b, "fielddominance", "none");
  b.up().up();
  b.ele("track");
  for (const item of videoItems) writeItem(b, item);
  text(b, "enabled", "TRUE");
  text(b, "locked", "FALSE");
  b.up().up();

  b.ele("audio");
  text(b, "numOutputChannels", 2);
  b.ele("format").ele("samplecharacteristics");
  text(b, "depth", DEPTH);
  text(b, "samplerate", SEQUENCE_SAMPLE_RATE);
  b.up().up();
  b.ele("outputs");
  for (const channel of [1, 2]) {
    b.ele("group");
    text(b, "index", channel);
    text(b, "numchannels", 1);
    text(b, "downmix", 0);
    b.ele("channel");
    text(b, "index", channel);
    b.up().up();
  }
  b.up();
  audioItems.forEach((items, i) => {
    const mono = i >= cameraTracks;
    b.ele(
      "track",
      mono
        ? { premiereTrackType: "Mono" }
        : {
            currentExplodedTrackIndex: String(i % 2),
            totalExplodedTrackCount: "2",
            premiereTrackType: "Stereo",
          },
    );
    for (const item of items) writeItem(b, item);
    text(b, "enabled", "TRUE");
    text(b, "locked", "FALSE");
    if (!mono) text(b, "outputchannelindex", (i % 2) + 1);
    b.up();
  });
  b.up().up().up();
  if (options.bin !== undefined) {
    b.ele("bin");
    text(b, "name", oneLine(options.bin));
    b.ele("children");
    for (const source of files.values()) masterClip(b, source);
    b.up().up();
  }
  return b;

  // A source file's master clip, as Premiere writes one: the whole file, its picture and each
  // channel of its sound as clip items, and the log of the first clip placed from it.
  function masterClip(b: Node, source: SourceFile): void {
    const { clip, media } = source;
    const id = masterOf(clip.url);
    b.ele("clip", { id, explodedTracks: "true" });
    text(b, "masterclipid", id);
    text(b, "ismasterclip", "TRUE");
    text(b, "name", oneLine(clip.name));
    text(b, "duration", media.duration);
    rate(b, clip.sourceRate);
    b.ele("media");
    const item = (kind: "video" | "audio", channel: number) => {
      b.ele("track").ele("clipitem", { id: `${id}-${kind}-${channel}` });
      text(b, "masterclipid", id);
      text(b, "name", oneLine(clip.name));
      rate(b, clip.sourceRate);
      fileElement(b, source);
      if (kind === "audio") {
        b.ele("sourcetrack");
        text(b, "mediatype", "audio");
        text(b, "trackindex", channel);
        b.up();
      }
      b.up().up();
    };
    if (hasPicture(clip)) {
      b.ele("video");
      item("video", 0);
      b.up();
    }
    if (hasSound(clip)) {
      b.ele("audio");
      for (let channel = 1; channel <= channelsOf(clip); channel++) item("audio", channel);
      b.up();
    }
    b.up();
    logElements(b, options.logs?.get(clip));
    b.up();
  }
}
