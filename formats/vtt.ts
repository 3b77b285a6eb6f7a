import { type Cue, clockTime, normaliseCues } from "./cues.js";

// WebVTT cue text is markup: these three must be written as character references.
const escapeCueText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** WebVTT, with the cue text escaped (so `-->`, `<` and `&` in a transcript stay text). */
export function writeVtt(cues: readonly Cue[]): string {
  const body = normaliseCues(cues)
    .map((cue) => `${clockTime(cue.start, ".")} --> ${clockTime(cue.end, ".")}\n${escapeCueText(cue.text)}\n`)
    .join("\n");
  return `WEBVTT\n\n${body}`;
}
