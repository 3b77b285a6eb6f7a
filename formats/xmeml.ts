import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { canDropFrame, type FrameRate, framesToTimecode, timecodeBase } from "./timecode.js";
import {
  hasPicture,
  hasSound,
  type Timeline,
  type TimelineClip,
  timelineLength,
  windowLength,
} from "./timeline.js";
import { xmlText } from "./xml-text.js";

/** `<rate>`: frames counted per second, and whether they run 1000/1001 slow (NTSC). */
function rate(parent: XMLBuilder, r: FrameRate): void {
  const el = parent.ele("rate");
  el.ele("timebase").txt(String(timecodeBase(r)));
  el.ele("ntsc").txt(r.den === 1001 ? "TRUE" : "FALSE");
}

function timecode(parent: XMLBuilder, frames: number, r: FrameRate, dropFrame: boolean): void {
  const df = dropFrame && canDropFrame(r);
  const el = parent.ele("timecode");
  rate(el, r);
  el.ele("string").txt(framesToTimecode(frames, r, df));
  el.ele("frame").txt(String(frames));
  el.ele("displayformat").txt(df ? "DF" : "NDF");
}

/**
 * Final Cut Pro 7 XML (xmeml 4), the interchange Adobe Premiere Pro imports: one video track
 * (picture clips) and one audio track (clips with sound), clipitems with their timeline
 * start/end, source in/out (frames from the file's first frame) and markers, each file written in
 * full once and referred to by id afterwards.
 */
export function writeXmeml(timeline: Timeline): string {
  const r = timeline.rate;
  const doc = create({ version: "1.0", encoding: "UTF-8" }).dtd({ name: "xmeml" });
  const sequence = doc.ele("xmeml", { version: "4" }).ele("sequence", { id: "sequence-1" });
  sequence.ele("name").txt(xmlText(timeline.name));
  sequence.ele("duration").txt(String(timelineLength(timeline)));
  rate(sequence, r);
  timecode(sequence, timeline.start, r, timeline.dropFrame);
  const media = sequence.ele("media");
  const video = media.ele("video");
  const sized = timeline.clips.find((c) => hasPicture(c) && c.width && c.height);
  const characteristics = video.ele("format").ele("samplecharacteristics");
  rate(characteristics, r);
  characteristics.ele("width").txt(String(sized?.width ?? 1920));
  characteristics.ele("height").txt(String(sized?.height ?? 1080));
  const videoTrack = video.ele("track");
  const audioTrack = media.ele("audio").ele("track");
  const files = new Map<string, string>();
  let item = 0;

  const clipitem = (track: XMLBuilder, clip: TimelineClip, kind: "video" | "audio") => {
    // A clip with picture and sound shows its markers once, on its video item.
    const markers = kind === "video" || !hasPicture(clip) ? clip.markers : [];
    item += 1;
    const el = track.ele("clipitem", { id: `clipitem-${item}` });
    el.ele("name").txt(xmlText(clip.name));
    el.ele("duration").txt(String(clip.sourceDuration));
    rate(el, r);
    el.ele("start").txt(String(clip.recordIn));
    el.ele("end").txt(String(clip.recordIn + windowLength(clip)));
    el.ele("in").txt(String(clip.windowIn));
    el.ele("out").txt(String(clip.windowOut));
    const known = files.get(clip.url);
    if (known) el.ele("file", { id: known });
    else {
      const id = `file-${files.size + 1}`;
      files.set(clip.url, id);
      const file = el.ele("file", { id });
      file.ele("name").txt(xmlText(clip.name));
      file.ele("pathurl").txt(xmlText(clip.url));
      rate(file, r);
      file.ele("duration").txt(String(clip.sourceDuration));
      timecode(file, clip.sourceStart, r, clip.dropFrame);
      const fileMedia = file.ele("media");
      if (hasPicture(clip)) fileMedia.ele("video");
      if (hasSound(clip)) fileMedia.ele("audio").ele("channelcount").txt(String(clip.audioChannels));
    }
    if (kind === "audio") {
      const source = el.ele("sourcetrack");
      source.ele("mediatype").txt("audio");
      source.ele("trackindex").txt("1");
    }
    for (const marker of markers) {
      const m = el.ele("marker");
      m.ele("name").txt(xmlText(marker.name));
      m.ele("comment").txt(xmlText(marker.note ?? ""));
      m.ele("in").txt(String(clip.windowIn + marker.offset));
      m.ele("out").txt("-1");
    }
  };

  for (const clip of [...timeline.clips].sort((a, b) => a.recordIn - b.recordIn)) {
    if (hasPicture(clip)) clipitem(videoTrack, clip, "video");
    if (hasSound(clip)) clipitem(audioTrack, clip, "audio");
  }
  return doc.end({ prettyPrint: true });
}
