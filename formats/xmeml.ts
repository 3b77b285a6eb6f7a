import { create } from "xmlbuilder2";
import { oneLine } from "./clean-text.js";
import { canDropFrame, type FrameRate, framesToTimecode, timecodeBase } from "./timecode.js";
import {
  hasPicture,
  hasSound,
  type Timeline,
  type TimelineClip,
  timelineLength,
  windowLength,
} from "./timeline.js";
import { type ClipMedia, mediaOf, orderedClips } from "./track-items.js";

/*
 * Final Cut Pro 7 XML (xmeml version 4): the interchange Premiere Pro imports, which Resolve reads
 * too. Audio follows the shape Premiere writes itself: a stereo track is an "exploded" pair of
 * xmeml tracks, the left one playing source channel 1 and the right one channel 2, so Premiere
 * shows one stereo track and FCP 7 or Resolve see two mono ones, each with the right channel.
 */
const VERSION = "4";
const DEFAULT_SIZE = { width: 1920, height: 1080 };
const SAMPLE_RATE = "48000";
const DEPTH = "16";

type Node = ReturnType<typeof create>;

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
  const element = parent.ele("rate");
  element.ele("timebase").txt(String(timecodeBase(value)));
  element.ele("ntsc").txt(value.den === 1001 ? "TRUE" : "FALSE");
}

function timecode(parent: Node, frames: number, value: FrameRate, dropFrame: boolean): void {
  const df = dropFrame && canDropFrame(value);
  const element = parent.ele("timecode");
  rate(element, value);
  element.ele("string").txt(framesToTimecode(frames, value, df));
  element.ele("frame").txt(String(frames));
  element.ele("displayformat").txt(df ? "DF" : "NDF");
}

const text = (parent: Node, name: string, value: string | number): void => {
  parent.ele(name).txt(String(value));
};

/** The timeline as an xmeml sequence: one video track and a stereo pair of audio tracks per channel pair. */
export function writeXmeml(timeline: Timeline): string {
  const clips = orderedClips(timeline);
  const fps = timeline.rate;
  const firstPicture = clips.find(hasPicture);
  const size =
    firstPicture?.width && firstPicture.height
      ? { width: firstPicture.width, height: firstPicture.height }
      : DEFAULT_SIZE;
  const audioTracks = Math.max(2, ...clips.map(audioTracksOf));

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
    itemsOf.set(clip, items);
  }

  // One file element per source file; a still's file lasts as long as its longest window.
  const files = new Map<string, SourceFile>();
  for (const clip of clips) {
    const known = files.get(clip.url);
    if (known) known.media.duration = Math.max(known.media.duration, mediaOf(clip).duration);
    else files.set(clip.url, { id: `file-${files.size + 1}`, clip, media: mediaOf(clip) });
  }
  const written = new Set<string>();

  const fileElement = (parent: Node, source: SourceFile) => {
    const element = parent.ele("file", { id: source.id });
    if (written.has(source.id)) return;
    written.add(source.id);
    const { clip, media } = source;
    text(element, "name", oneLine(clip.name));
    text(element, "pathurl", clip.url);
    rate(element, fps);
    text(element, "duration", media.duration);
    if (clip.kind !== "image") timecode(element, media.start, fps, clip.dropFrame);
    const mediaElement = element.ele("media");
    if (hasPicture(clip)) {
      const characteristics = mediaElement.ele("video").ele("samplecharacteristics");
      rate(characteristics, fps);
      text(characteristics, "width", clip.width ?? size.width);
      text(characteristics, "height", clip.height ?? size.height);
    }
    if (hasSound(clip)) {
      const audio = mediaElement.ele("audio");
      const characteristics = audio.ele("samplecharacteristics");
      text(characteristics, "depth", DEPTH);
      text(characteristics, "samplerate", SAMPLE_RATE);
      text(audio, "channelcount", channelsOf(clip));
    }
  };

  const writeItem = (track: Node, item: Item) => {
    const { clip } = item;
    const media = mediaOf(clip);
    const element = track.ele(
      "clipitem",
      item.kind === "audio" ? { id: item.id, premiereChannelType: "stereo" } : { id: item.id },
    );
    text(element, "name", oneLine(clip.name));
    text(element, "enabled", "TRUE");
    text(element, "duration", media.duration);
    rate(element, fps);
    text(element, "start", clip.recordIn);
    text(element, "end", clip.recordIn + windowLength(clip));
    text(element, "in", media.in);
    text(element, "out", media.in + windowLength(clip));
    fileElement(element, files.get(clip.url) as SourceFile);
    if (item.kind === "audio") {
      const source = element.ele("sourcetrack");
      text(source, "mediatype", "audio");
      text(source, "trackindex", item.channel);
    }
    const linked = itemsOf.get(clip) ?? [];
    if (linked.length > 1)
      for (const other of linked) {
        const link = element.ele("link");
        text(link, "linkclipref", other.id);
        text(link, "mediatype", other.kind);
        text(link, "trackindex", other.track);
        text(link, "clipindex", other.index);
        if (other.kind === "audio") text(link, "groupindex", Math.ceil(other.track / 2));
      }
    // Markers belong to the clip, so they go on its first item only.
    if (linked[0] === item)
      for (const marker of clip.markers) {
        const entry = element.ele("marker");
        text(entry, "name", oneLine(marker.name));
        text(entry, "comment", oneLine(marker.note ?? ""));
        text(entry, "in", media.in + marker.offset);
        text(entry, "out", -1);
      }
  };

  const doc = create({ version: "1.0", encoding: "UTF-8" }).dtd({ name: "xmeml" });
  const sequence = doc
    .ele("xmeml", { version: VERSION })
    .ele("sequence", { id: "sequence-1", explodedTracks: "true" });
  text(sequence, "name", oneLine(timeline.name));
  text(sequence, "duration", timelineLength(timeline));
  rate(sequence, fps);
  timecode(sequence, timeline.start, fps, timeline.dropFrame);
  const media = sequence.ele("media");

  const video = media.ele("video");
  const format = video.ele("format").ele("samplecharacteristics");
  rate(format, fps);
  text(format, "width", size.width);
  text(format, "height", size.height);
  text(format, "anamorphic", "FALSE");
  text(format, "pixelaspectratio", "square");
  text(format, "fielddominance", "none");
  const videoTrack = video.ele("track");
  for (const item of videoItems) writeItem(videoTrack, item);
  text(videoTrack, "enabled", "TRUE");
  text(videoTrack, "locked", "FALSE");

  const audio = media.ele("audio");
  text(audio, "numOutputChannels", 2);
  const audioFormat = audio.ele("format").ele("samplecharacteristics");
  text(audioFormat, "depth", DEPTH);
  text(audioFormat, "samplerate", SAMPLE_RATE);
  const outputs = audio.ele("outputs");
  for (const channel of [1, 2]) {
    const group = outputs.ele("group");
    text(group, "index", channel);
    text(group, "numchannels", 1);
    text(group, "downmix", 0);
    text(group.ele("channel"), "index", channel);
  }
  audioItems.forEach((items, i) => {
    const track = audio.ele("track", {
      currentExplodedTrackIndex: String(i % 2),
      totalExplodedTrackCount: "2",
      premiereTrackType: "Stereo",
    });
    for (const item of items) writeItem(track, item);
    text(track, "enabled", "TRUE");
    text(track, "locked", "FALSE");
    text(track, "outputchannelindex", (i % 2) + 1);
  });
  return doc.end({ prettyPrint: true });
}
