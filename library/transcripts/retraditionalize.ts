import type { ChineseScript } from "../../adapters/chinese.js";
import { mountedStorage } from "../../adapters/mount-table.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { mapListField } from "../../formats/json-list.js";
import { projectPaths } from "../../state/paths.js";
import type { MirrorText, TranscriptText } from "../../state/repos/transcripts.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { claimIngestSlot } from "../jobs/slots.js";
import { checkStorage } from "../system/preflight.js";

const PAGE = 500;
const CHINESE = /^(zh|chinese)/i;

export interface ScriptCounts {
  checked: number;
  /** Fully Simplified text, converted by phrase. */
  by_phrase: number;
  /** Mixed text, converted character by character (lengths and timings kept). */
  by_character: number;
  /** Already Traditional, or without Simplified-only characters: left alone. */
  unchanged: number;
}

export interface RetraditionalizeReport {
  dry_run: boolean;
  converter: string;
  /** The active transcript of each item (its text, segments and words). */
  transcripts: ScriptCounts;
  /** Every archived transcript, one per item and language (the active one included). */
  archives: ScriptCounts;
  scenes: ScriptCounts;
}

const zero = (): ScriptCounts => ({ checked: 0, by_phrase: 0, by_character: 0, unchanged: 0 });

/**
 * The converter, or a loud refusal: a missing converter must never read as "nothing to convert".
 */
export async function requireChineseScript(load: () => Promise<ChineseScript>): Promise<ChineseScript> {
  try {
    return await load();
  } catch (error) {
    throw new UserError(
      `the Chinese script converter (opencc-js) is unavailable, so nothing was converted or counted: ${(error as Error).message}; reinstall svc`,
      EXIT.usage,
      503,
    );
  }
}

/**
 * One transcript: the whole text decides how it is converted, and its segments and words follow
 * the same way: by phrase when it is fully Simplified, by character when mixed (so every piece of
 * a mixed transcript keeps its length and its timings stay aligned).
 */
function convertTranscript(
  script: ChineseScript,
  row: { text: string; segments_json: string; words_json: string },
): { how: "phrase" | "character" | null; text: string; segments_json: string; words_json: string } {
  const whole = script.toTraditional(row.text);
  if (!whole.how) return { how: null, ...row };
  const convert = whole.how === "phrase" ? script.byPhrase : script.byCharacter;
  return {
    how: whole.how,
    text: whole.text,
    segments_json: mapListField(row.segments_json, "text", convert).json,
    words_json: mapListField(row.words_json, "word", convert).json,
  };
}

function tally(counts: ScriptCounts, how: "phrase" | "character" | null): void {
  counts.checked += 1;
  if (how === "phrase") counts.by_phrase += 1;
  else if (how === "character") counts.by_character += 1;
  else counts.unchanged += 1;
}

/**
 * `svc ingest --retraditionalize`: Chinese transcripts (active and archived) and scene
 * descriptions to Traditional script, in one transaction, paging through the rows. A dry run
 * counts the same way and writes nothing.
 */
export function retraditionalize(
  store: LibraryStore,
  script: ChineseScript,
  options: { dryRun: boolean },
): RetraditionalizeReport {
  const report: RetraditionalizeReport = {
    dry_run: options.dryRun,
    converter: script.name,
    transcripts: zero(),
    archives: zero(),
    scenes: zero(),
  };
  const pass = () => {
    let after: { media_id: number; language: string } | null = null;
    for (;;) {
      const page: TranscriptText[] = store.transcripts.textPage(after, PAGE);
      if (page.length === 0) break;
      for (const row of page) {
        if (!CHINESE.test(row.language)) continue;
        const next = convertTranscript(script, row);
        tally(report.archives, next.how);
        if (next.how && !options.dryRun) store.transcripts.putText({ ...row, ...next });
      }
      const last = page[page.length - 1] as TranscriptText;
      after = { media_id: last.media_id, language: last.language };
    }
    let afterId = 0;
    for (;;) {
      const page: MirrorText[] = store.transcripts.chineseMirrorPage(afterId, PAGE);
      if (page.length === 0) break;
      for (const row of page) {
        const next = convertTranscript(script, {
          text: row.transcript ?? "",
          segments_json: row.segments_json ?? "[]",
          words_json: row.words_json ?? "[]",
        });
        tally(report.transcripts, next.how);
        if (next.how && !options.dryRun)
          store.transcripts.putMirror({
            id: row.id,
            transcript: next.text,
            segments_json: row.segments_json === null ? null : next.segments_json,
            words_json: row.words_json === null ? null : next.words_json,
          });
      }
      afterId = (page[page.length - 1] as MirrorText).id;
    }
    afterId = 0;
    for (;;) {
      const page = store.scenes.descriptionPage(afterId, PAGE);
      if (page.length === 0) break;
      for (const scene of page) {
        const next = script.toTraditional(scene.description);
        tally(report.scenes, next.how);
        if (next.how && !options.dryRun) store.scenes.putDescription(scene.id, next.text);
      }
      afterId = (page[page.length - 1] as { id: number }).id;
    }
  };
  if (options.dryRun) pass();
  else store.transcripts.inTransaction(pass);
  return report;
}

/** The CLI's operation: the converter first (a loud refusal when missing), then the pass in the slot. */
export async function retraditionalizeProject(
  ctx: AppContext,
  root: string,
  options: { dryRun: boolean; holder: string },
): Promise<RetraditionalizeReport> {
  const script = await requireChineseScript(ctx.adapters.chinese);
  await checkStorage(projectPaths(root));
  const lease = claimIngestSlot(ctx, root, options.holder);
  const store = openLibrary(root, { mounts: mountedStorage });
  try {
    return retraditionalize(store, script, { dryRun: options.dryRun });
  } finally {
    store.close();
    lease.release();
  }
}
