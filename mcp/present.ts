import { scrubText } from "../domain/redact.js";
import type { MediaItem, Scene } from "../domain/schemas/media.js";
import type { SceneMatch } from "../domain/schemas/search.js";

export const MCP_NAMES = {
  thumbnail_url: "thumbnail_path",
  keyframe_url: "keyframe_path",
  waveform_url: "waveform_path",
} as const satisfies Partial<Record<keyof MediaItem | keyof Scene | keyof SceneMatch, string>>;
const RENAMED: Readonly<Record<string, string>> = MCP_NAMES;

/** One string as it may leave the MCP server: no absolute path in any spelling, no secret. */
export const publicText = scrubText;

/**
 * The one gate every value leaving the MCP server passes: each string (keys included) goes
 * through `publicText`, and image references get their MCP names. A transcript or a vision
 * description can quote a path as easily as a failure reason can.
 */
export function present(value: unknown): unknown {
  if (typeof value === "string") return publicText(value);
  if (Array.isArray(value)) return value.map(present);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[publicText(RENAMED[key] ?? key)] = present(inner);
    return out;
  }
  return value;
}
