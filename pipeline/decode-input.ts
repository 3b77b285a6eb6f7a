import { dirname, join, posix, resolve } from "node:path";
import type { DecodeInput } from "../adapters/ffmpeg.js";
import { type ImageSequence, SEQUENCE } from "../domain/schemas/media.js";
import { readJsonColumn } from "../state/json-column.js";
import type { MediaRow } from "../state/repos/media.js";
import { sequenceInputOf } from "./sequence-input.js";
import type { StageItem } from "./stages/types.js";

/** The facts of an item that decide how ffmpeg reads it and how its picture is shown. */
export type DecodeFacts = Pick<
  MediaRow,
  "kind" | "rel_path" | "camera_proxy" | "sequence_json" | "fps_rational"
>;

/** The item's image sequence, or null for a single file. */
export const sequenceOf = (facts: Pick<MediaRow, "sequence_json">): ImageSequence | null =>
  facts.sequence_json === null ? null : readJsonColumn(facts.sequence_json, SEQUENCE.nullable(), null);

/**
 * How the pipeline's stages decode an item (see DecodeInput): the file itself, read as it is; an
 * image sequence's frames (pipeline/sequence-input.ts); or for a camera original ffmpeg cannot
 * decode, the camera-made proxy linked to it (beside it, so found from the original's own
 * location, also where that is reached through a link). The display filters are decided here.
 */
export function decodeInputOf(facts: DecodeFacts, absPath: string): DecodeInput {
  const sequence = sequenceOf(facts);
  if (sequence) return sequenceInputOf(absPath, sequence, facts.fps_rational);
  const path =
    facts.camera_proxy === null
      ? absPath
      : resolve(dirname(absPath), posix.relative(posix.dirname(facts.rel_path), facts.camera_proxy));
  return { path, inputOptions: [], display: "" };
}

/** What a stage is given of an item stored under project `root`. */
export function stageItemOf(
  row: DecodeFacts & Pick<MediaRow, "id" | "rel_path" | "duration_s">,
  root: string,
): StageItem {
  const absPath = join(root, row.rel_path);
  return {
    mediaId: row.id,
    relPath: row.rel_path,
    absPath,
    input: decodeInputOf(row, absPath),
    kind: row.kind,
    durationS: row.duration_s,
  };
}
