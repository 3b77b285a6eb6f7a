import { create } from "xmlbuilder2";
import { framesToRational } from "./timecode.js";
import { hasPicture, hasSound, type Timeline, timelineLength, windowLength } from "./timeline.js";
import { xmlText } from "./xml-text.js";

/**
 * FCPXML 1.9: the newest version that both Final Cut Pro (10.5 and later) and DaVinci Resolve
 * import; 1.10 and 1.11 open in fewer NLE versions. One asset per source file (its media-rep
 * pointing at the original), one asset-clip per window on the project's spine in rational time,
 * gaps where the record side has holes, scene markers in each clip's source time. Every asset
 * uses the sequence's format: NLEs conform a clip of another rate on import.
 */
export const FCPXML_VERSION = "1.9";

const DEFAULT_SIZE = { width: 1920, height: 1080 };

export function writeFcpxml(timeline: Timeline): string {
  const t = (frames: number) => framesToRational(frames, timeline.rate);
  const tcFormat = timeline.dropFrame ? "DF" : "NDF";
  const sized = timeline.clips.find((c) => hasPicture(c) && c.width && c.height);
  const doc = create({ version: "1.0", encoding: "UTF-8" }).dtd({ name: "fcpxml" });
  const root = doc.ele("fcpxml", { version: FCPXML_VERSION });
  const resources = root.ele("resources");
  resources.ele("format", {
    id: "r1",
    frameDuration: t(1),
    width: String(sized?.width ?? DEFAULT_SIZE.width),
    height: String(sized?.height ?? DEFAULT_SIZE.height),
  });
  const assets = new Map<string, string>();
  for (const clip of timeline.clips) {
    if (assets.has(clip.url)) continue;
    const id = `r${assets.size + 2}`;
    assets.set(clip.url, id);
    const sound = hasSound(clip);
    const asset = resources.ele("asset", {
      id,
      name: xmlText(clip.name),
      start: t(clip.sourceStart),
      duration: t(clip.sourceDuration),
      hasVideo: hasPicture(clip) ? "1" : "0",
      ...(hasPicture(clip) ? { format: "r1" } : {}),
      hasAudio: sound ? "1" : "0",
      ...(sound ? { audioSources: String(clip.audioTracks), audioChannels: String(clip.audioChannels) } : {}),
    });
    asset.ele("media-rep", { kind: "original-media", src: xmlText(clip.url) });
  }
  const length = timelineLength(timeline);
  const sequence = root
    .ele("library")
    .ele("event", { name: "svc export" })
    .ele("project", { name: xmlText(timeline.name) })
    .ele("sequence", { format: "r1", duration: t(length), tcStart: t(timeline.start), tcFormat });
  const spine = sequence.ele("spine");
  let end = 0;
  for (const clip of [...timeline.clips].sort((a, b) => a.recordIn - b.recordIn)) {
    if (clip.recordIn > end) {
      spine.ele("gap", {
        name: "Gap",
        offset: t(timeline.start + end),
        start: t(timeline.start),
        duration: t(clip.recordIn - end),
      });
    }
    const sourceIn = clip.sourceStart + clip.windowIn;
    const item = spine.ele("asset-clip", {
      ref: assets.get(clip.url) as string,
      offset: t(timeline.start + clip.recordIn),
      name: xmlText(clip.name),
      start: t(sourceIn),
      duration: t(windowLength(clip)),
      tcFormat: clip.dropFrame ? "DF" : "NDF",
    });
    for (const marker of clip.markers) {
      item.ele("marker", {
        start: t(sourceIn + marker.offset),
        duration: t(1),
        value: xmlText(marker.name),
        ...(marker.note ? { note: xmlText(marker.note) } : {}),
      });
    }
    end = Math.max(end, clip.recordIn + windowLength(clip));
  }
  return doc.end({ prettyPrint: true });
}
