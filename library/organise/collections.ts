import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { MediaItem } from "../../domain/schemas/media.js";
import type { CollectionsReport, CollectionView, DroppedEntry } from "../../domain/schemas/organise.js";
import { isErrno } from "../../state/errno.js";
import type { MemberClause, MemberRule } from "../../state/repos/collections.js";
import type { LibraryStore } from "../../state/stores.js";
import { PROJECT_PARAM } from "../access/project-param.js";
import { wholeNumber } from "../media/query.js";
import { type Links, mediaItem } from "../media/view.js";
import { tagKey } from "./tags.js";

export const COLLECTIONS_FILE = "collections.json";
export const PROPOSED_FILE = "collections.proposed.json";
/** A hand-kept collections file is a few kilobytes; far beyond this it is not one. */
export const MAX_COLLECTIONS_BYTES = 256 * 1024;
export const MAX_COLLECTIONS = 200;
/** Items recently processed: finished within this many days. */
export const RECENT_DAYS = 7;
export const DEFAULT_MEMBER_LIMIT = 100;
export const MAX_MEMBER_LIMIT = 1000;

export const BUILTIN_KEYS = ["recent", "needs_review", "a_roll", "b_roll", "unusable"] as const;
export type BuiltinKey = (typeof BUILTIN_KEYS)[number];

const A_ROLL = new Set(["a-roll", "a roll", "aroll", "a_roll"]);
const B_ROLL = new Set(["b-roll", "b roll", "broll", "b_roll"]);
const UNUSABLE = new Set(["unusable"]);

const BUILTIN_TITLES: Record<BuiltinKey, string> = {
  recent: "Recently processed",
  needs_review: "Needs review",
  a_roll: "A-roll",
  b_roll: "B-roll",
  unusable: "Unusable",
};

/*
 * Entries are declarative only: nothing in them is evaluated, and a string written as a predicate
 * (by hand or by a model) is dropped rather than kept as an odd tag or title. What marks one is
 * the syntax of code — functions, calls on objects, templates, blocks, operators — never the
 * punctuation titles use: `Day 1 (drone)`, `Interview(s)`, `Day 2; B-cam`, `A/B` and `50% off`
 * are ordinary text. Keywords are matched in their code spelling (lower case, called).
 */
const EXPRESSIONS: readonly [RegExp, string][] = [
  [/=>/, "an arrow function"],
  [/\bfunction\s*\*?\s*[\w$]*\s*\(/, "a function"],
  [/\blambda\b[\w\s,*]*:/, "a lambda"],
  [/\b(eval|exec|execSync|require|import|__import__|compile|getattr|setattr)\s*\(/, "a call"],
  [/\.[A-Za-z_$][\w$]*\(/, "a method call"],
  [/__\w+__/, "a dunder name"],
  [/`|\$\{|#\{/, "a template"],
  [/[{}]/, "a block or object"],
  [/===?|!==?|&&|\|\||<=|>=/, "an operator"],
];

/** What a string holds that reads as code, or null when it is plain text. */
function expressionIn(value: string): string | null {
  return EXPRESSIONS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `at most ${max} characters`)
    .superRefine((value, check) => {
      const found = expressionIn(value);
      if (found)
        check.addIssue({ code: "custom", message: `reads as code (${found}); entries are declarative only` });
    });

const tagList = z.array(text(100)).max(50, "at most 50 tags");

/** One entry of `collections.json`; unknown fields are refused, so nothing unread hides in it. */
export const COLLECTION_ENTRY = z.strictObject({
  key: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "a key is 1–64 lower-case letters, digits, dashes or underscores")
    .refine(
      (k) => !(BUILTIN_KEYS as readonly string[]).includes(k),
      "built-in collections cannot be overridden",
    ),
  title: text(200),
  tags: tagList.min(1, "name at least one tag"),
  exclude_tags: tagList.optional(),
  min_duration: z.number().finite().min(0, "must not be negative").max(1e7).optional(),
  require_audio: z.boolean().optional(),
});
export type CollectionEntry = z.infer<typeof COLLECTION_ENTRY>;

const FILE_HEAD = z.object({
  version: z.literal(1, { error: "version must be 1" }),
  disable: z.array(z.unknown()).optional(),
  collections: z.array(z.unknown()).max(MAX_COLLECTIONS, `at most ${MAX_COLLECTIONS} collections`).optional(),
});

export interface CollectionDefinitions {
  entries: CollectionEntry[];
  /** Built-ins hidden by the file's `disable` list. */
  disabled: BuiltinKey[];
  dropped: DroppedEntry[];
  /** Why the whole file was ignored (then built-ins alone apply). */
  problem?: string;
}

const issueText = (error: z.ZodError) => {
  const issue = error.issues[0];
  return `${issue?.path.length ? `${issue.path.join(".")}: ` : ""}${issue?.message ?? "invalid"}`;
};

/**
 * Reads a collections file's text. A file that is not JSON, has another version or is malformed
 * at the top is ignored whole; otherwise each bad entry is dropped with its reason and the rest
 * kept. Nothing in the file is ever evaluated.
 */
export function parseCollections(textValue: string): CollectionDefinitions {
  const empty = (problem: string): CollectionDefinitions => ({
    entries: [],
    disabled: [],
    dropped: [],
    problem,
  });
  let data: unknown;
  try {
    data = JSON.parse(textValue);
  } catch {
    return empty("not JSON");
  }
  const head = FILE_HEAD.safeParse(data);
  if (!head.success) return empty(issueText(head.error));
  const dropped: DroppedEntry[] = [];
  const disabled: BuiltinKey[] = [];
  for (const key of head.data.disable ?? []) {
    if (typeof key === "string" && (BUILTIN_KEYS as readonly string[]).includes(key))
      disabled.push(key as BuiltinKey);
  }
  const entries: CollectionEntry[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of (head.data.collections ?? []).entries()) {
    const key = (raw as { key?: unknown } | null)?.key;
    const shownKey = typeof key === "string" ? { key: key.slice(0, 64) } : {};
    const parsed = COLLECTION_ENTRY.safeParse(raw);
    if (!parsed.success) {
      dropped.push({ index, ...shownKey, reason: issueText(parsed.error) });
      continue;
    }
    if (seen.has(parsed.data.key)) {
      dropped.push({ index, ...shownKey, reason: "key: used by an earlier entry" });
      continue;
    }
    seen.add(parsed.data.key);
    entries.push(parsed.data);
  }
  return { entries, disabled, dropped };
}

/**
 * A proposal checked whole before it replaces the live file: every offender named, nothing
 * applied unless all pass.
 */
export function validateProposal(textValue: string): { ok: true } | { ok: false; offenders: string[] } {
  const parsed = parseCollections(textValue);
  if (parsed.problem) return { ok: false, offenders: [`file: ${parsed.problem}`] };
  let disable: unknown[] = [];
  try {
    disable = ((JSON.parse(textValue) as { disable?: unknown[] }).disable ?? []) as unknown[];
  } catch {
    disable = [];
  }
  const offenders = parsed.dropped.map(
    (d) => `collections[${d.index}]${d.key ? ` (${d.key})` : ""}: ${d.reason}`,
  );
  for (const [i, key] of disable.entries())
    if (typeof key !== "string" || !(BUILTIN_KEYS as readonly string[]).includes(key))
      offenders.push(`disable[${i}]: not a built-in collection key`);
  return offenders.length === 0 ? { ok: true } : { ok: false, offenders };
}

/**
 * The parsed collections file of each project, read again when its size or time changes; what
 * was dropped is logged once per change, not on every request.
 */
export class CollectionFiles {
  private readonly cache = new Map<string, { stamp: string; defs: CollectionDefinitions }>();

  constructor(private readonly log: Logger) {}

  async load(dataDir: string): Promise<CollectionDefinitions> {
    const file = join(dataDir, COLLECTIONS_FILE);
    let stamp: string;
    let size: number;
    try {
      const info = await stat(file);
      stamp = `${info.mtimeMs}:${info.size}:${info.ino}`;
      size = info.size;
      if (!info.isFile())
        return this.remember(file, stamp, { entries: [], disabled: [], dropped: [], problem: "not a file" });
    } catch (error) {
      if (isErrno(error, "ENOENT")) return { entries: [], disabled: [], dropped: [] };
      return { entries: [], disabled: [], dropped: [], problem: "cannot be read" };
    }
    const cached = this.cache.get(file);
    if (cached?.stamp === stamp) return cached.defs;
    if (size > MAX_COLLECTIONS_BYTES)
      return this.remember(file, stamp, {
        entries: [],
        disabled: [],
        dropped: [],
        problem: `larger than ${MAX_COLLECTIONS_BYTES / 1024} KiB`,
      });
    let content: string;
    try {
      content = await readFile(file, "utf8");
    } catch {
      return { entries: [], disabled: [], dropped: [], problem: "cannot be read" };
    }
    return this.remember(file, stamp, parseCollections(content));
  }

  private remember(file: string, stamp: string, defs: CollectionDefinitions): CollectionDefinitions {
    this.cache.set(file, { stamp, defs });
    if (defs.problem)
      this.log.warn({ problem: defs.problem }, "collections.json ignored; built-in collections only");
    for (const d of defs.dropped) this.log.warn(d, "collections.json entry dropped");
    return defs;
  }
}

export const COLLECTIONS_QUERY = z.object({
  project: PROJECT_PARAM,
  limit: z.preprocess((v) => (v === "" ? undefined : v), wholeNumber(1, MAX_MEMBER_LIMIT).optional()),
});

/**
 * The spellings the library holds of the wanted folded keys: membership is asked of SQL in exact
 * spellings, and folding (NFKC, case) is JavaScript's, done once per distinct spelling.
 */
function spellingsOf(spellings: readonly string[], wanted: ReadonlySet<string>): string[] {
  return spellings.filter((s) => wanted.has(tagKey(s)));
}

/** Ratings are free text typed by hand: " A-roll " is A-roll. */
const ratingsOf = (ratings: readonly string[], wanted: ReadonlySet<string>) =>
  ratings.filter((r) => wanted.has(tagKey(r.trim())));

function builtinRule(
  key: BuiltinKey,
  tagNames: readonly string[],
  ratings: readonly string[],
  since: string,
): MemberRule {
  const byTagOrRating = (wanted: ReadonlySet<string>): MemberRule => [
    [
      { kind: "tag_in", names: spellingsOf(tagNames, wanted) },
      { kind: "rating_in", ratings: ratingsOf(ratings, wanted) },
    ],
  ];
  switch (key) {
    case "recent":
      return [[{ kind: "status", status: "done" }], [{ kind: "updated_since", since }]];
    case "needs_review":
      return [
        [
          { kind: "status", status: "failed" },
          { kind: "rating_in", ratings: [null, ...ratingsOf(ratings, new Set([""]))] },
        ],
      ];
    case "a_roll":
      return byTagOrRating(A_ROLL);
    case "b_roll":
      return byTagOrRating(B_ROLL);
    case "unusable":
      return [[{ kind: "rating_in", ratings: ratingsOf(ratings, UNUSABLE) }]];
  }
}

function entryRule(entry: CollectionEntry, tagNames: readonly string[]): MemberRule {
  const rule: MemberClause[][] = [
    [{ kind: "tag_in", names: spellingsOf(tagNames, new Set(entry.tags.map(tagKey))) }],
  ];
  const excluded = spellingsOf(tagNames, new Set((entry.exclude_tags ?? []).map(tagKey)));
  if (excluded.length > 0) rule.push([{ kind: "no_tag_in", names: excluded }]);
  if (entry.min_duration !== undefined) rule.push([{ kind: "min_duration", seconds: entry.min_duration }]);
  if (entry.require_audio) rule.push([{ kind: "has_audio" }]);
  return rule;
}

interface Defined {
  view: Omit<CollectionView, "count" | "items">;
  rule: MemberRule;
}

/** The built-ins not disabled, then the file's entries, each with the rule its members meet. */
function defined(store: LibraryStore, defs: CollectionDefinitions, now: Date): Defined[] {
  const tagNames = store.collections.tagNames();
  const ratings = store.collections.ratings();
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
  const builtins = BUILTIN_KEYS.filter((key) => !defs.disabled.includes(key)).map((key) => ({
    view: { key, title: BUILTIN_TITLES[key], builtin: true },
    rule: builtinRule(key, tagNames, ratings, since),
  }));
  const entries = defs.entries.map((entry) => ({
    view: { ...entry, builtin: false },
    rule: entryRule(entry, tagNames),
  }));
  return [...builtins, ...entries];
}

/**
 * `GET /api/collections`: the built-ins not disabled, then the file's entries, each with its
 * members (present items only, by tag overlap case- and width-folded, then the hard filters).
 */
export function collectionsReport(
  store: LibraryStore,
  defs: CollectionDefinitions,
  links: Links,
  limit = DEFAULT_MEMBER_LIMIT,
  now = new Date(),
): CollectionsReport {
  const members = (rule: MemberRule): { count: number; items: MediaItem[] } => {
    const { count, ids } = store.collections.members(rule, limit);
    const { rows, tags } = store.search.rowsByIds(ids);
    return { count, items: rows.map((row) => mediaItem(row, tags.get(row.id) ?? [], links)) };
  };
  const collections = defined(store, defs, now).map(({ view, rule }) => ({ ...view, ...members(rule) }));
  return { collections, dropped: defs.dropped, ...(defs.problem ? { file_problem: defs.problem } : {}) };
}

/**
 * The rule the members of the collection keyed `key` meet (present items only, as the report
 * lists them); 404 when the project has no such collection, or has it disabled.
 */
export function collectionRule(
  store: LibraryStore,
  defs: CollectionDefinitions,
  key: string,
  now = new Date(),
): MemberRule {
  const found = defined(store, defs, now).find((d) => d.view.key === key);
  if (!found) throw new UserError(`collection: no collection "${key.slice(0, 80)}"`, EXIT.usage, 404);
  return [...found.rule, [{ kind: "present" }]];
}
