import { scrubText } from "../domain/redact.js";

// The shared views name derived images by URL; over MCP the same values are paths relative to
// the project root (pathLinks), so the keys say so.
const RENAMED: Readonly<Record<string, string>> = {
  thumbnail_url: "thumbnail_path",
  keyframe_url: "keyframe_path",
};

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
