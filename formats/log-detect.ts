import type { BuiltinProfileId } from "./log-curves.js";

/**
 * Tags that can carry a camera's gamma: Sony's `Gamma` and XML `CaptureGammaEquation`
 * ("s-log3-cine"), Canon's and Panasonic's gamma or log settings, ARRI's `LogC`/colour-space
 * fields. Other tags (a file name, a comment) are not read, so a clip called "vlog intro" is not
 * taken for V-Log.
 */
const GAMMA_KEY =
  /gamma|transfer|canon ?log|(^|[^a-z])log|logc|curve|colou?r ?space|look|picture ?profile|cinema ?gamut/i;

/** Most specific first: "S-Log3" must not read as S-Log2's family, "LogC4" not as LogC3. */
const PATTERNS: readonly [RegExp, BuiltinProfileId][] = [
  [/s-?log ?3/i, "slog3"],
  [/s-?log ?2/i, "slog2"],
  [/v-?log/i, "vlog"],
  [/c(anon)?[ -]?log ?3/i, "clog3"],
  [/c(anon)?[ -]?log ?2/i, "clog2"],
  [/log ?c ?4|logc4/i, "logc4"],
  [/log ?c ?3|logc3|\blog ?c\b/i, "logc3"],
  [/f-?log ?2/i, "flog2"],
  [/f-?log/i, "flog"],
  [/n-?log/i, "nlog"],
  [/log3g10/i, "log3g10"],
  [/(blackmagic|bmd) ?film ?(gen(eration)? ?)?5/i, "bmdfilm5"],
];

/**
 * The built-in log profile a file's camera metadata names (exiftool tags as `Group:Name`, or
 * ffprobe's format and stream tags), or null when none does.
 */
export function detectLogProfile(tags: Iterable<readonly [string, unknown]>): BuiltinProfileId | null {
  for (const [key, value] of tags) {
    if (typeof value !== "string" || value.length > 200) continue;
    const name = key.slice(key.lastIndexOf(":") + 1);
    if (!GAMMA_KEY.test(name)) continue;
    for (const [pattern, id] of PATTERNS) if (pattern.test(value)) return id;
  }
  return null;
}
