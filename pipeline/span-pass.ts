import type { Logger } from "../state/logger.js";
import type { MediaRepo, SpanAssignment } from "../state/repos/media.js";
import { groupSpans, type Span } from "./spans.js";

/** The JSON an item of a span carries besides its id, place and the count (view.ts reads it). */
export const spanFacts = (span: Span, offsetS: number) =>
  JSON.stringify({
    offset_s: offsetS,
    duration_s: span.durationS,
    start_timecode: span.startTimecode,
    missing: span.missing,
  });

/**
 * Groups the spanned recordings of every folder of `dirs` (relative, "." for the root), from what
 * the library knows of all the items there (a part ingested by an earlier pass counts), and
 * writes them in one go. Run once a pass's items are probed; a part that arrived, changed or
 * vanished regroups its folder.
 */
export function regroupSpans(media: MediaRepo, dirs: readonly string[], log: Logger): void {
  if (dirs.length === 0) return;
  const spans = groupSpans(
    media.spanCandidates(dirs).map((row) => ({
      relPath: row.rel_path,
      size: row.size,
      durationS: row.duration_s,
      startTimecode: row.start_timecode,
      creationDate: row.creation_date,
      fps: row.fps,
      codec: row.codec,
      width: row.width,
      height: row.height,
    })),
  );
  const assignments: SpanAssignment[] = spans.flatMap((span) =>
    span.parts.map((part) => ({
      relPath: part.relPath,
      id: span.id,
      index: part.index,
      count: span.count,
      json: spanFacts(span, part.offsetS),
    })),
  );
  media.writeSpans(dirs, assignments);
  for (const span of spans.filter((s) => s.missing.length > 0)) {
    const first = span.parts[0]?.relPath;
    log.warn({ span: span.id, first, missing: span.missing }, "spanned recording with parts missing");
  }
}
