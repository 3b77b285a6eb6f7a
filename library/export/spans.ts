import { z } from "zod";
import { readJsonColumn } from "../../state/json-column.js";
import type { MediaRow } from "../../state/repos/media.js";

/**
 * The parts of a spanned recording play back to back in an export, first to last, where the first
 * of them chosen stands; every other clip keeps its place. Record time then runs on from one part
 * to the next as the take did.
 */
export function spanOrdered<T extends { row: MediaRow }>(clips: readonly T[]): T[] {
  const bySpan = new Map<string, T[]>();
  for (const clip of clips) {
    const id = clip.row.span_id;
    if (id === null) continue;
    bySpan.set(id, [...(bySpan.get(id) ?? []), clip]);
  }
  const out: T[] = [];
  for (const clip of clips) {
    const id = clip.row.span_id;
    if (id === null) out.push(clip);
    else if (bySpan.has(id)) {
      out.push(...(bySpan.get(id) ?? []).sort((a, b) => (a.row.span_index ?? 0) - (b.row.span_index ?? 0)));
      bySpan.delete(id);
    }
  }
  return out;
}

const SPAN_CLOCK = z.object({ offset_s: z.number(), start_timecode: z.string().nullable() });

/**
 * The source timecode a part of a span without its own starts at: the recording's first timecode
 * plus the seconds before the part, so the parts' source time runs on as the take's did. Null for
 * a clip that is no such part.
 */
export function spanSourceStart(row: MediaRow): { timecode: string; offsetS: number } | null {
  if (row.span_id === null || row.start_timecode) return null;
  const clock = readJsonColumn(row.span_json, SPAN_CLOCK.nullable(), null);
  if (!clock?.start_timecode) return null;
  return { timecode: clock.start_timecode, offsetS: clock.offset_s };
}
