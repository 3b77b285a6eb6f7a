import { edlHeader, edlText, eventLine } from "./edl-text.js";
import type { Timeline } from "./timeline.js";

/**
 * Timeline markers in the EDL form DaVinci Resolve writes and reads back (Timeline > Import >
 * Timeline Markers from EDL): one one-frame event per marker at its record timecode, followed by
 * `|C:<colour> |M:<name> |D:<frames>`. `|` would end a field, so names carry `/` instead.
 */
export function writeMarkerEdl(timeline: Timeline): string {
  const markers = timeline.clips
    .flatMap((clip) =>
      clip.markers.map((m) => ({ at: timeline.start + clip.recordIn + m.offset, name: m.name })),
    )
    .sort((a, b) => a.at - b.at);
  const events = markers.map((marker, i) => {
    const line = eventLine(
      timeline,
      i + 1,
      "001",
      "V",
      [marker.at, marker.at + 1],
      [marker.at, marker.at + 1],
    );
    const name = edlText(marker.name.replaceAll("|", "/"), 120) || "Marker";
    return `${line}\n |C:ResolveColorBlue |M:${name} |D:1\n`;
  });
  return `${edlHeader(timeline, `${timeline.name} markers`)}\n${events.join("\n")}`;
}
