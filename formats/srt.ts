import { type Cue, clockTime, normaliseCues } from "./cues.js";

/**
 * SubRip. An arrow inside the text would read as a timing line to some players, so `-->` is
 * written `->`; SRT has no escaping, so `<` and `&` stay as they are.
 */
export function writeSrt(cues: readonly Cue[]): string {
  return normaliseCues(cues)
    .map(
      (cue, i) =>
        `${i + 1}\n${clockTime(cue.start, ",")} --> ${clockTime(cue.end, ",")}\n${cue.text.replaceAll("-->", "->")}\n`,
    )
    .join("\n");
}
