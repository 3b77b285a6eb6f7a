import type { Cue } from "./cues.js";

/** The transcript as plain text: one segment per line, blank lines and surrounding space dropped. */
export function writeText(cues: readonly Cue[]): string {
  const lines = cues.map((c) => c.text.replace(/\s+/g, " ").trim()).filter((line) => line !== "");
  return lines.length ? `${lines.join("\n")}\n` : "";
}
