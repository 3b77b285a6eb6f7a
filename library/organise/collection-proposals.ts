import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { isErrno } from "../../state/errno.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import {
  BUILTIN_KEYS,
  COLLECTIONS_FILE,
  type CollectionEntry,
  MAX_COLLECTIONS_BYTES,
  PROPOSED_FILE,
  validateProposal,
} from "./collections.js";
import { tagCloud, tagKey } from "./tags.js";

/** Tags considered for themes: the most used ones carried by at least two items. */
const TOP_TAGS = 40;
const MIN_ITEMS = 2;
const MAX_THEMES = 12;
/** Two tags share a theme when this share of the rarer one's items also carry the other. */
const CO_OCCURRENCE = 0.5;
const NAMING_TIMEOUT_MS = 60_000;
const SAFE_TEXT = /^[^(){};`$\\]*$/;

export interface ProposalResult {
  /** The proposal's path relative to the project root. */
  file: string;
  collections: CollectionEntry[];
  /** How titles were chosen: by the chat model, or after each cluster's top tag. */
  named_by: "model" | "top_tag";
  note?: string;
}

interface Cluster {
  tags: string[];
}

/** Frequent tags grouped by how often they occur on the same items. */
function clusterTags(store: LibraryStore): Cluster[] {
  const top = tagCloud(store, { limit: TOP_TAGS })
    .tags.filter((t) => t.count >= MIN_ITEMS && SAFE_TEXT.test(t.name) && !t.name.includes("__"))
    .map((t) => t.name);
  const items = new Map<string, Set<number>>();
  for (const { media_id, name } of store.collections.tagPairs()) {
    const key = tagKey(name);
    const set = items.get(key) ?? new Set<number>();
    set.add(media_id);
    items.set(key, set);
  }
  const used = new Set<string>();
  const clusters: Cluster[] = [];
  for (const tag of top) {
    if (used.has(tag) || clusters.length >= MAX_THEMES) continue;
    used.add(tag);
    const mine = items.get(tagKey(tag)) ?? new Set<number>();
    const cluster = [tag];
    for (const other of top) {
      if (used.has(other)) continue;
      const theirs = items.get(tagKey(other)) ?? new Set<number>();
      const shared = [...theirs].filter((id) => mine.has(id)).length;
      if (shared / Math.max(1, Math.min(mine.size, theirs.size)) >= CO_OCCURRENCE) {
        cluster.push(other);
        used.add(other);
      }
    }
    clusters.push({ tags: cluster });
  }
  return clusters;
}

function keyFor(title: string, taken: Set<string>): string {
  const base =
    tagKey(title)
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 56) || "theme";
  let key = (BUILTIN_KEYS as readonly string[]).includes(base) ? `${base}-theme` : base;
  for (let i = 2; taken.has(key); i += 1) key = `${base}-${i}`;
  taken.add(key);
  return key;
}

const cleanTitle = (title: unknown): string | null => {
  if (typeof title !== "string") return null;
  const cleaned = title
    .replace(/[(){};`$\\]|=>|__/g, "")
    .trim()
    .slice(0, 80);
  return cleaned === "" ? null : cleaned;
};

/** Asks the chat model for one short title per cluster; null when it cannot answer usefully. */
async function modelTitles(
  ctx: AppContext,
  clusters: Cluster[],
  signal?: AbortSignal,
): Promise<string[] | null> {
  const list = clusters.map((c, i) => `${i + 1}. ${c.tags.join(", ")}`).join("\n");
  const reply = await ctx.adapters.modelHost.chat({
    model: ctx.config.models.chat,
    temperature: 0,
    format: { type: "object", properties: { titles: { type: "array", items: { type: "string" } } } },
    messages: [
      {
        role: "system",
        content:
          'You name themes for a video editor\'s smart collections. Answer JSON {"titles": [...]} with one short title (2–4 words) per numbered tag group, in order.',
      },
      { role: "user", content: list },
    ],
    signal: AbortSignal.any([AbortSignal.timeout(NAMING_TIMEOUT_MS), ...(signal ? [signal] : [])]),
  });
  const titles = (JSON.parse(reply.content) as { titles?: unknown }).titles;
  if (!Array.isArray(titles) || titles.length !== clusters.length) return null;
  const cleaned = titles.map(cleanTitle);
  return cleaned.every((t): t is string => t !== null) ? cleaned : null;
}

/**
 * `svc ingest --propose-collections`: clusters frequent tags and has the chat model name each
 * theme (`dryRun`: named after its top tag, no model). Always writes
 * `.svc/collections.proposed.json`; the live file is untouched.
 */
export async function proposeCollections(
  ctx: AppContext,
  store: LibraryStore,
  options: { dryRun: boolean; signal?: AbortSignal },
): Promise<ProposalResult> {
  const clusters = clusterTags(store);
  let titles = clusters.map((c) => c.tags[0] as string);
  let named_by: ProposalResult["named_by"] = "top_tag";
  let note: string | undefined;
  if (!options.dryRun && clusters.length > 0) {
    try {
      const named = await modelTitles(ctx, clusters, options.signal);
      if (named) {
        titles = named;
        named_by = "model";
      } else note = "the chat model's answer did not name every theme; titles are each theme's top tag";
    } catch (error) {
      note = `the chat model could not name the themes (${(error as Error).message.slice(0, 160)}); titles are each theme's top tag`;
    }
  }
  const taken = new Set<string>();
  const collections: CollectionEntry[] = clusters.map((cluster, i) => {
    const title = titles[i] as string;
    return { key: keyFor(title, taken), title, tags: cluster.tags };
  });
  const file = join(store.paths.dataDir, PROPOSED_FILE);
  await writeFileAtomic(file, `${JSON.stringify({ version: 1, disable: [], collections }, null, 2)}\n`);
  return { file: join(".svc", PROPOSED_FILE), collections, named_by, ...(note ? { note } : {}) };
}

/**
 * `svc ingest --apply-collections`: the proposal checked whole (all or nothing, every offender
 * named), then moved over the live `collections.json` atomically.
 */
export async function applyCollections(store: LibraryStore): Promise<{ file: string; collections: number }> {
  const proposed = join(store.paths.dataDir, PROPOSED_FILE);
  let text: string;
  try {
    if ((await stat(proposed)).size > MAX_COLLECTIONS_BYTES)
      throw new UserError(
        `${PROPOSED_FILE} is larger than ${MAX_COLLECTIONS_BYTES / 1024} KiB`,
        EXIT.usage,
        422,
      );
    text = await readFile(proposed, "utf8");
  } catch (error) {
    if (isErrno(error, "ENOENT"))
      throw new UserError(`no ${PROPOSED_FILE} to apply: run --propose-collections first`, EXIT.usage, 404);
    throw error;
  }
  const verdict = validateProposal(text);
  if (!verdict.ok)
    throw new UserError(
      `${PROPOSED_FILE} not applied; fix these entries:\n  ${verdict.offenders.join("\n  ")}`,
      EXIT.usage,
      422,
    );
  await writeFileAtomic(join(store.paths.dataDir, COLLECTIONS_FILE), text);
  const count = ((JSON.parse(text) as { collections?: unknown[] }).collections ?? []).length;
  return { file: join(".svc", COLLECTIONS_FILE), collections: count };
}
