import { readFile } from "node:fs/promises";
import { z } from "zod";
import { writeFileAtomic } from "../state/atomic.js";
import { errnoOf } from "../state/errno.js";
import type { ProjectPaths } from "../state/paths.js";
import { EXIT, UserError } from "./errors.js";
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

/** The project's dictionary; an absent file is an empty one. */
export async function loadCorrections(paths: ProjectPaths): Promise<Corrections> {
  let text: string;
  try {
    text = await readFile(paths.corrections, "utf8");
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return { rules: [] };
    throw new UserError(`.svc/corrections.json cannot be read (${errnoOf(error)})`, EXIT.storage, 503);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UserError(
      ".svc/corrections.json is not valid JSON; replace it with PUT /api/corrections",
      EXIT.usage,
      409,
    );
  }
  const parsed = CORRECTIONS_BODY.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "body";
    throw new UserError(
      `.svc/corrections.json is invalid at ${field}: ${issue?.message ?? "invalid"}; replace it with PUT /api/corrections`,
      EXIT.usage,
      409,
    );
  }
  return { rules: parsed.data.rules };
}

/** Replaces the dictionary (temp file + rename) with rules already validated by CORRECTIONS_BODY. */
export async function saveCorrections(paths: ProjectPaths, corrections: Corrections): Promise<Corrections> {
  const rules = corrections.rules.map(({ from, to, scope, pre, post }) => ({ from, to, scope, pre, post }));
  await writeFileAtomic(paths.corrections, `${JSON.stringify({ rules }, null, 2)}\n`);
  return { rules };
}
