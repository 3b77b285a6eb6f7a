import { SLATE, type Slate } from "../../domain/schemas/media.js";
import { type SelectRow, type SelectsFlavour, writeSelectsLog } from "../../formats/selects-log.js";
import { framesToSeconds, framesToTimecode } from "../../formats/timecode.js";
import { clipNote } from "../../formats/timeline.js";
import { readJsonColumn } from "../../state/json-column.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { BuiltTimeline, ExportClip } from "./build.js";

const slateOf = (row: MediaRow | undefined): Slate | null =>
  row ? readJsonColumn(row.slate_json, SLATE.nullable(), null) : null;

/** The item's slate, else its synced sound's (the recorder's iXML). */
export const entrySlate = (entry: ExportClip): Slate | null =>
  slateOf(entry.row) ?? slateOf(entry.sound?.row);

/**
 * The selects of a timeline built with its subclips: a row per placed clip, its window in the
 * file's seconds and own timecode. Scene and take come from the item's slate, else from its
 * synced sound's (the recorder's iXML); the note is the item's rating note for its select, the
 * subclip's note for a subclip; markers are the editor's inside the window (scene starts are not).
 */
export function selectRows(built: BuiltTimeline): SelectRow[] {
  return built.placed.map(({ entry, subclip, clip }) => {
    const { row } = entry;
    const slate = entrySlate(entry);
    const tc = (frames: number) =>
      framesToTimecode(clip.sourceStart + frames, clip.sourceRate, clip.dropFrame);
    return {
      itemId: row.id,
      file: row.name,
      subclip: subclip?.name ?? "",
      inS: framesToSeconds(clip.windowIn, clip.sourceRate),
      outS: framesToSeconds(clip.windowOut, clip.sourceRate),
      inTc: tc(clip.windowIn),
      outTc: tc(clip.windowOut),
      scene: slate?.scene ?? "",
      take: slate?.take ?? "",
      circled: slate?.circled ?? false,
      camera: row.camera_id ?? "",
      rating: row.rating ?? "",
      note: clipNote(clip),
      markers: clip.markers
        .filter((marker) => marker.kind !== undefined)
        .map((marker) => (marker.note ? `${marker.name}: ${marker.note}` : marker.name)),
    };
  });
}

export const writeSelects = (built: BuiltTimeline, flavour: SelectsFlavour): string =>
  writeSelectsLog(selectRows(built), flavour);
