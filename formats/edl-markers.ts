import { edlHeader, edlText, eventLine, recordTimecode } from "./edl-text.js";
import { markerRecordOffset, type Timeline } from "./timeline.js";

/**
 * Timeline markers in the EDL form DaVinci Resolve writes and reads back (Timeline > Import >
 * Timeline Markers from EDL): one one-frame event per marker at its record timecode, followed by
 * `|C:<colour> |M:<name> |D:<frames>`. `|` would end a field, so names carry `/` instead.
 */
export function writeMarkerEdl(timeline: Timeline): string {
  const markers = timeline.clips
    .flatMap((clip) =>
      clip.markers.map((m) => ({
        at: timeline.start + clip.recordIn + markerRecordOffset(clip, m, timeline.rate),
        name: m.name,
      })),
    )
    .sort((a, b) => a.at - b.at);
  const events = markers.map((marker, i) => {
    const at: [string, string] = [
      recordTimecode(timeline, marker.at),
      recordTimecode(timeline, marker.at + 1),
    ];
    const line = eventLine(i + 1, "001", "V", at, at);
    const name = edlText(marker.name.replaceAll("|", "/"), 120) || "Marker";
    return `${line}\n |C:ResolveColorBlue |M:${name} |D:1\n`;
  });
  return `${edlHeader(timeline, `${timeline.name} markers`)}\n${events.join("\n")}`;
}
