import { edlHeader, edlText, eventLine, recordTimecode } from "./edl-text.js";
import { resolveColor } from "./marker-colors.js";
import { markerRecordOffset, type Timeline, toRecordFrames } from "./timeline.js";

/**
 * Timeline markers in the EDL form DaVinci Resolve writes and reads back (Timeline > Import >
 * Timeline Markers from EDL): one event per marker at its record timecode, followed by
 * `|C:<colour> |M:<name> |D:<frames>`, the colour Resolve's own name for it and the duration the
 * marker's (one frame for a point). `|` would end a field, so names carry `/` instead. A note
 * follows as a `* COMMENT:` line, which Resolve passes over and people read.
 */
export function writeMarkerEdl(timeline: Timeline): string {
  const markers = timeline.clips
    .flatMap((clip) =>
      clip.markers.map((m) => {
        const offset = markerRecordOffset(clip, m, timeline.rate);
        const left = Math.max(
          1,
          toRecordFrames(clip, clip.windowOut - clip.windowIn, timeline.rate) - offset,
        );
        return {
          at: timeline.start + clip.recordIn + offset,
          name: m.name,
          note: m.note ?? "",
          color: m.color,
          duration: Math.min(left, Math.max(1, toRecordFrames(clip, m.duration ?? 1, timeline.rate))),
        };
      }),
    )
    .sort((a, b) => a.at - b.at);
  const events = markers.map((marker, i) => {
    const at: [string, string] = [
      recordTimecode(timeline, marker.at),
      recordTimecode(timeline, marker.at + marker.duration),
    ];
    const line = eventLine(i + 1, "001", "V", at, at);
    const name = edlText(marker.name.replaceAll("|", "/"), 120) || "Marker";
    const note = edlText(marker.note, 200);
    const comment = note ? `* COMMENT: ${note}\n` : "";
    return `${line}\n |C:${resolveColor(marker.color)} |M:${name} |D:${marker.duration}\n${comment}`;
  });
  return `${edlHeader(timeline, `${timeline.name} markers`)}\n${events.join("\n")}`;
}
