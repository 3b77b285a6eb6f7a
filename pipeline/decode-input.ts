import { join } from "node:path";
import type { DecodeInput } from "../adapters/ffmpeg.js";
import type { MediaRow } from "../state/repos/media.js";
import type { StageItem } from "./stages/types.js";

/** The facts of an item that decide how ffmpeg reads it and how its picture is shown. */
export type DecodeFacts = Pick<MediaRow, "kind">;

/**
 * How the pipeline's stages decode an item (see DecodeInput): for now the file itself, read as it
 * is; image sequences, camera-made proxies and the display filters are decided here.
 */
export function decodeInputOf(_facts: DecodeFacts, absPath: string): DecodeInput {
  return { path: absPath, inputOptions: [], display: "" };
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
