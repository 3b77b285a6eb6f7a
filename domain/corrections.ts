import { z } from "zod";
import type { Corrections } from "./schemas/transcripts.js";

/** More rules than an editor keeps by hand; each one is a pass over every transcript. */
export const MAX_RULES = 10_000;
const MAX_TERM = 1_000;
/** The largest dictionary body the API reads: MAX_RULES rules of a few dozen bytes each, with room. */
export const MAX_CORRECTIONS_BODY = 4 * 1024 * 1024;

const RULE = z.strictObject({
  from: z.string().min(1, "must not be empty").max(MAX_TERM, `at most ${MAX_TERM} characters`),
  to: z.string().max(MAX_TERM, `at most ${MAX_TERM} characters`),
  scope: z.enum(["word", "line", "global"]).default("word"),
  pre: z.boolean().default(false),
  post: z.boolean().default(true),
});

export const CORRECTIONS_BODY = z.strictObject({
  rules: z.array(RULE).max(MAX_RULES, `at most ${MAX_RULES} rules`),
});

/**
 * The dictionary a stored `corrections.json` holds, or what is wrong with it, worded to follow
 * the file's name ("is not valid JSON").
 */
export function parseCorrections(
  text: string,
): { ok: true; corrections: Corrections } | { ok: false; problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: "is not valid JSON" };
  }
  const parsed = CORRECTIONS_BODY.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "body";
    return { ok: false, problem: `is invalid at ${field}: ${issue?.message ?? "invalid"}` };
  }
  return { ok: true, corrections: { rules: parsed.data.rules } };
}
