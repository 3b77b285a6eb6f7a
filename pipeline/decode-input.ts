import { dirname, join, posix, resolve } from "node:path";
import { displayFilters } from "../adapters/ffmpeg/display.js";
import type { DecodeInput } from "../adapters/ffmpeg.js";
import { displaySize } from "../domain/picture.js";
import { type ImageSequence, SEQUENCE } from "../domain/schemas/media.js";
import { readJsonColumn } from "../state/json-column.js";
import type { DecodeColumn, MediaRow } from "../state/repos/media.js";
import { sequenceInputOf } from "./sequence-input.js";
import type { StageItem } from "./stages/types.js";

/** The facts of an item that decide how ffmpeg reads it and how its picture is shown. */
export type DecodeFacts = Pick<MediaRow, DecodeColumn>;

/** The item's image sequence, or null for a single file. */
export const sequenceOf = (facts: Pick<MediaRow, "sequence_json">): ImageSequence | null =>
  facts.sequence_json === null ? null : readJsonColumn(facts.sequence_json, SEQUENCE.nullable(), null);

/**
 * The displayed size when it is not the coded one turned upright, else null. An odd coded side
 * counts as the even one below it: the pictures' own scalers already make it even.
 */
function stretchedSize(facts: DecodeFacts): { width: number; height: number } | null {
  const { width, height, display_width, display_height, rotation } = facts;
  if (width === null || height === null || display_width === null || display_height === null) return null;
  const upright = displaySize({ width, height, pixelAspect: "1:1", rotation: rotation ?? 0, desqueeze: 1 });
  return display_width === upright.width && display_height === upright.height
    ? null
    : { width: display_width, height: display_height };
}

/**
 * What ffmpeg opens: an image sequence's frames (pipeline/sequence-input.ts); for a camera
 * original ffmpeg cannot decode, the camera-made proxy linked to it (beside it, so found from the
 * original's own location, also where that is reached through a link); else the file itself.
 */
function sourceOf(facts: DecodeFacts, absPath: string): DecodeInput {
  const sequence = sequenceOf(facts);
  if (sequence) return sequenceInputOf(absPath, sequence, facts.fps_rational);
  const path =
    facts.camera_proxy === null
      ? absPath
      : resolve(dirname(absPath), posix.relative(posix.dirname(facts.rel_path), facts.camera_proxy));
  return { path, inputOptions: [], display: "" };
}

/**
 * How the pipeline's stages decode an item (see DecodeInput). A video the probe measured is read
 * without ffmpeg's own rotation, and its display filters deinterlace, tone-map, turn it upright
 * and stretch it to its display size, so the pictures shown match display_width × display_height
 * whatever its display matrix holds. One probed before the geometry columns keeps ffmpeg's
 * defaults, and so does a camera proxy, whose own picture is what the camera made to be shown.
 */
export function decodeInputOf(facts: DecodeFacts, absPath: string): DecodeInput {
  const source = sourceOf(facts, absPath);
  if (facts.kind !== "video" || facts.rotation === null || facts.camera_proxy !== null) return source;
  return {
    path: source.path,
    inputOptions: [...source.inputOptions, "-noautorotate"],
    display: displayFilters({
      fieldOrder: facts.field_order,
      hdr: facts.hdr,
      rotation: facts.rotation,
      size: stretchedSize(facts),
    }),
  };
}

/** What a stage is given of an item stored under project `root`. */
export function stageItemOf(row: DecodeFacts & Pick<MediaRow, "id" | "duration_s">, root: string): StageItem {
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
