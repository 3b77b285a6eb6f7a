import { parseCorrections } from "../../domain/corrections.js";
import { EXIT, UserError } from "../../domain/errors.js";
import type { Corrections } from "../../domain/schemas/transcripts.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { readCorrectionsFile } from "../../state/corrections-file.js";
import { errnoOf } from "../../state/errno.js";
import type { ProjectPaths } from "../../state/paths.js";

/** The project's dictionary; an absent file is an empty one. */
export async function loadCorrections(paths: ProjectPaths): Promise<Corrections> {
  let text: string | null;
  try {
    text = await readCorrectionsFile(paths);
  } catch (error) {
    throw new UserError(`.svc/corrections.json cannot be read (${errnoOf(error)})`, EXIT.storage, 503);
  }
  if (text === null) return { rules: [] };
  const parsed = parseCorrections(text);
  if (!parsed.ok)
    throw new UserError(
      `.svc/corrections.json ${parsed.problem}; replace it with PUT /api/corrections`,
      EXIT.usage,
      409,
    );
  return parsed.corrections;
}

/** Replaces the dictionary (temp file + rename) with rules already validated by CORRECTIONS_BODY. */
export async function saveCorrections(paths: ProjectPaths, corrections: Corrections): Promise<Corrections> {
  const rules = corrections.rules.map(({ from, to, scope, pre, post }) => ({ from, to, scope, pre, post }));
  await writeFileAtomic(paths.corrections, `${JSON.stringify({ rules }, null, 2)}\n`);
  return { rules };
}
