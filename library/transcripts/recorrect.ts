import { setImmediate as yieldToEvents } from "node:timers/promises";
import { UserError } from "../../domain/errors.js";
import type { RecorrectReport, RevertReport, RuleReport } from "../../domain/schemas/transcripts.js";
import { type CorrectionRule, correctTranscript, countHits } from "../../formats/corrections.js";
import type { MirrorText, TranscriptText } from "../../state/repos/transcripts.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { claimIngestSlot } from "../jobs/slots.js";
import type { LibraryPool } from "../library-pool.js";
import { buildEmbeddings } from "../search/embed.js";
import { loadCorrections } from "./corrections.js";
import { BackupWriter, revertBackup } from "./transcript-backups.js";

/** Rows read per page: the pass never holds more text than this many transcripts. */
const PAGE = 100;

interface Tally {
  rules: RuleReport[];
  lastItem: number[];
  changedItems: Set<number>;
  transcripts: number;
}

function newTally(rules: readonly CorrectionRule[], indexes: readonly number[]): Tally {
  return {
    rules: rules.map((rule, i) => ({
      index: indexes[i] ?? i,
      from: rule.from,
      to: rule.to,
      scope: rule.scope,
      hits: 0,
      items: 0,
    })),
    lastItem: rules.map(() => -1),
    changedItems: new Set(),
    transcripts: 0,
  };
}

function countRow(tally: Tally, rules: readonly CorrectionRule[], row: TranscriptText): void {
  rules.forEach((rule, i) => {
    const hits = countHits(rule, row.text);
    const report = tally.rules[i];
    if (hits === 0 || !report) return;
    report.hits += hits;
    if (tally.lastItem[i] !== row.media_id) {
      tally.lastItem[i] = row.media_id;
      report.items += 1;
    }
  });
}

function correctMirror(rules: readonly CorrectionRule[], row: MirrorText): MirrorText | null {
  const fixed = correctTranscript(rules, {
    text: row.transcript ?? "",
    segments_json: row.segments_json ?? "[]",
    words_json: row.words_json ?? "[]",
  });
  if (!fixed.changed) return null;
  return {
    id: row.id,
    transcript: row.transcript === null ? null : fixed.text,
    segments_json: row.segments_json === null ? null : fixed.segments_json,
    words_json: row.words_json === null ? null : fixed.words_json,
  };
}

function* transcriptPages(store: LibraryStore): Generator<TranscriptText[]> {
  let after: { media_id: number; language: string } | null = null;
  for (;;) {
    const page = store.transcripts.textPage(after, PAGE);
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1] as TranscriptText;
    after = { media_id: last.media_id, language: last.language };
  }
}

function* mirrorPages(store: LibraryStore): Generator<MirrorText[]> {
  let after = 0;
  for (;;) {
    const page = store.transcripts.mirrorPage(after, PAGE);
    if (page.length === 0) return;
    yield page;
    after = (page[page.length - 1] as MirrorText).id;
  }
}

/**
 * What the `post` rules would change, counted page by page without writing anything. Yields to
 * the event loop between pages so a large library does not stall the daemon's other requests.
 */
export async function dryRunCorrections(
  store: LibraryStore,
  dictionary: readonly CorrectionRule[],
): Promise<RecorrectReport> {
  const { rules, indexes } = selectPost(dictionary);
  const tally = newTally(rules, indexes);
  for (const page of transcriptPages(store)) {
    for (const row of page) {
      countRow(tally, rules, row);
      if (correctTranscript(rules, row).changed) {
        tally.transcripts += 1;
        tally.changedItems.add(row.media_id);
      }
    }
    await yieldToEvents();
  }
  for (const page of mirrorPages(store)) {
    for (const row of page) if (correctMirror(rules, row)) tally.changedItems.add(row.id);
    await yieldToEvents();
  }
  return report(tally, true, null);
}

/**
 * Applies the `post` rules to every archived transcript and every item's mirror of its active
 * one, in one transaction: each row that changes is saved to a backup first (in the same pass,
 * and the backup is sealed before the transaction commits, so no change lands without it).
 * Every apply writes its backup, with no rows when nothing changed.
 */
export function applyCorrections(
  store: LibraryStore,
  dictionary: readonly CorrectionRule[],
): RecorrectReport {
  const { rules, indexes } = selectPost(dictionary);
  const tally = newTally(rules, indexes);
  const backup = new BackupWriter(store.paths.backups, "recorrect");
  let id: string | null = null;
  try {
    store.transcripts.inTransaction(() => {
      for (const page of transcriptPages(store)) {
        for (const row of page) {
          countRow(tally, rules, row);
          const fixed = correctTranscript(rules, row);
          if (!fixed.changed) continue;
          backup.saveTranscript(row);
          store.transcripts.putText({ ...row, ...fixed });
          tally.transcripts += 1;
          tally.changedItems.add(row.media_id);
        }
      }
      for (const page of mirrorPages(store)) {
        for (const row of page) {
          const fixed = correctMirror(rules, row);
          if (!fixed) continue;
          backup.saveMirror(row);
          store.transcripts.putMirror(fixed);
          tally.changedItems.add(row.id);
        }
      }
      // Every apply leaves its backup, an empty one too, so each apply shows in the listing.
      id = backup.finish();
    });
  } finally {
    if (id === null) backup.abort();
  }
  return report(tally, false, id);
}

function selectPost(dictionary: readonly CorrectionRule[]) {
  const rules: CorrectionRule[] = [];
  const indexes: number[] = [];
  dictionary.forEach((rule, i) => {
    if (!rule.post) return;
    rules.push(rule);
    indexes.push(i);
  });
  return { rules, indexes };
}

function report(tally: Tally, dryRun: boolean, backup: string | null): RecorrectReport {
  return {
    dry_run: dryRun,
    rules: tally.rules,
    transcripts: tally.transcripts,
    items: tally.changedItems.size,
    backup,
    rebuild: null,
  };
}

export interface RecorrectRequest {
  project?: string | undefined;
  dryRun: boolean;
  rebuild: boolean;
  signal: AbortSignal;
}

/**
 * `POST /api/recorrect`: the project's dictionary over its stored transcripts. An apply holds
 * the project's ingest slot (a pass writing transcripts meanwhile would race it); `rebuild`
 * then brings the vectors up to date with the corrected text.
 */
export async function recorrect(
  ctx: AppContext,
  libraries: LibraryPool,
  request: RecorrectRequest,
): Promise<RecorrectReport> {
  const project = libraries.project(request.project);
  const store = libraries.library(request.project);
  const { rules } = await loadCorrections(store.paths);
  if (request.dryRun) return dryRunCorrections(store, rules);
  const holder = "recorrect";
  const lease = claimIngestSlot(ctx, project.root, holder);
  let result: RecorrectReport;
  try {
    result = applyCorrections(store, rules);
  } finally {
    lease.release();
  }
  if (!request.rebuild || result.items === 0) return result;
  try {
    const built = await buildEmbeddings(ctx, project.root, {
      rebuild: false,
      signal: request.signal,
      holder: "recorrect index rebuild",
    });
    return { ...result, rebuild: { embedded: built.embedded, failed: built.failed.length } };
  } catch (error) {
    // The corrections are in and backed up; an absent model host only postpones the vectors.
    if (error instanceof UserError) return { ...result, rebuild: { error: error.message } };
    throw error;
  }
}

/** `POST /api/recorrect/revert`: a backup restored while holding the ingest slot. */
export function revertTranscripts(
  ctx: AppContext,
  libraries: LibraryPool,
  project: string | undefined,
  backup: string | undefined,
): RevertReport {
  const store = libraries.library(project);
  const lease = claimIngestSlot(ctx, libraries.project(project).root, "transcript revert");
  try {
    return revertBackup(store, backup);
  } finally {
    lease.release();
  }
}
