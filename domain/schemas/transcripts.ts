import { z } from "zod";
import { nullableString, timestamp } from "./common.js";

const RULE_SCOPE = z.enum(["word", "line", "global"]);

/** A project's corrections dictionary; an absent file is an empty one. */
export const CORRECTIONS = z
  .object({
    rules: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        scope: RULE_SCOPE,
        pre: z.boolean(),
        post: z.boolean(),
      }),
    ),
  })
  .meta({ id: "Corrections" });
export type Corrections = z.infer<typeof CORRECTIONS>;

const RULE_REPORT = z.object({
  index: z.int().describe("Position of the rule in the dictionary, from 0"),
  from: z.string(),
  to: z.string(),
  scope: RULE_SCOPE,
  // Matches in the stored transcript texts, each rule counted against the original text.
  hits: z.int(),
  // Distinct items with at least one hit.
  items: z.int(),
});
export type RuleReport = z.infer<typeof RULE_REPORT>;

export const RECORRECTED = z.object({
  dry_run: z.boolean(),
  rules: z.array(RULE_REPORT),
  // Archived transcripts (one per item and language) that change, or changed.
  transcripts: z.int(),
  // Distinct items whose transcript, segments or words change, or changed.
  items: z.int(),
  backup: nullableString.describe("The backup written before applying; null on a dry run"),
  // What the chained index rebuild did, when `rebuild` was asked and something changed.
  rebuild: z
    .union([z.object({ embedded: z.int(), failed: z.int() }), z.object({ error: z.string() })])
    .nullable(),
});
export type RecorrectReport = z.infer<typeof RECORRECTED>;

const BACKUP_KIND = z.enum(["recorrect", "retranscribe"]);
export type BackupKind = z.infer<typeof BACKUP_KIND>;

const BACKUP_INFO = z.object({
  // The file name in `.svc/backups/`.
  id: z.string(),
  created_at: timestamp,
  kind: BACKUP_KIND,
  // Distinct media items with a saved row.
  items: z.int(),
});
export type BackupInfo = z.infer<typeof BACKUP_INFO>;

export const BACKUPS = z.object({ backups: z.array(BACKUP_INFO) });

export const REVERTED = z.object({
  backup: z.string(),
  kind: BACKUP_KIND,
  // Saved rows written back.
  restored: z.int(),
  skipped: z.int().describe("Saved rows whose item has been deleted since"),
  items: z.int(),
});
export type RevertReport = z.infer<typeof REVERTED>;

export const RETRANSCRIBE_STATUS = z
  .object({
    total: z.int(),
    // Items transcribed again (an empty decode that kept the earlier text counts here too).
    done: z.int(),
    failed: z.int(),
    current: nullableString.describe("The item being transcribed, relative to the project root"),
    running: z.boolean(),
    backup: nullableString.describe(
      "The snapshot taken before the run (GET /api/recorrect/backups); null when no target had a transcript to save",
    ),
    project: nullableString,
    language: nullableString,
    // The first few failures, with their reasons.
    errors: z.array(z.object({ path: z.string(), reason: z.string() })),
    started_at: nullableString,
    finished_at: nullableString,
  })
  .meta({ id: "RetranscribeStatus" });
export type RetranscribeStatus = z.infer<typeof RETRANSCRIBE_STATUS>;
