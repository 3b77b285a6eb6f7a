import { z } from "zod";
import type { TagCloud } from "../../domain/schemas/media.js";
import type { LibraryStore } from "../../state/stores.js";

export const DEFAULT_TAG_LIMIT = 100;
export const MAX_TAG_LIMIT = 1000;

/**
 * The key two spellings of one tag share: compatibility forms and widths folded (NFKC: "ＤＲＯＮＥ"
 * is "DRONE"), then letter case folded. Upper then lower case approximates Unicode full case
 * folding ("ß" and "SS" meet at "ss"), which JavaScript has no function for.
 */
export function tagKey(name: string): string {
  return name.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}

export const TAG_CLOUD_QUERY = z.object({
  prefix: z.string().max(200, "at most 200 characters").optional(),
  limit: z.number().int().min(1).optional(),
});
export type TagCloudQuery = z.infer<typeof TAG_CLOUD_QUERY>;

/**
 * Tags with the number of present items carrying them, most used first. Spellings that differ
 * only in case or width are one tag; `prefix` matches the folded name; `limit` is capped at
 * MAX_TAG_LIMIT rather than refused.
 */
export function tagCloud(store: LibraryStore, query: TagCloudQuery = {}): TagCloud {
  const prefix = tagKey(query.prefix?.trim() ?? "");
  const limit = Math.min(query.limit ?? DEFAULT_TAG_LIMIT, MAX_TAG_LIMIT);
  const groups = new Map<string, { name: string; items: number }[]>();
  for (const row of store.tags.counts()) {
    const key = tagKey(row.name);
    if (!key.startsWith(prefix)) continue;
    const spellings = groups.get(key);
    if (spellings) spellings.push(row);
    else groups.set(key, [row]);
  }
  const tags: TagCloud["tags"] = [];
  for (const spellings of groups.values()) {
    spellings.sort((a, b) => b.items - a.items || (a.name < b.name ? -1 : 1));
    const [top] = spellings as [{ name: string; items: number }];
    // One item tagged "Drone" by hand and "drone" by vision counts once.
    const count = spellings.length === 1 ? top.items : store.tags.itemsWithAny(spellings.map((s) => s.name));
    tags.push({ name: top.name, count });
  }
  tags.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1));
  return { tags: tags.slice(0, limit), total: tags.length };
}
