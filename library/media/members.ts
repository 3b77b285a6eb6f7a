import { z } from "zod";
import type { MemberRule } from "../../state/repos/collections.js";
import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { binRule } from "../organise/bins.js";
import { collectionRule } from "../organise/collections.js";
import { optional } from "./query.js";

/**
 * The query parameters of `GET /api/media` that narrow it to a group's members: a smart
 * collection by its key, a bin by its id. Both combine with every filter and with `q`.
 */
export const MEMBERS_QUERY = z.object({
  collection: optional(
    z
      .string()
      .max(64, "at most 64 characters")
      .describe("A smart collection's key, as GET /api/collections lists it: only its members"),
  ),
  bin: optional(
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/, "expected a bin id (a positive whole number)")
      .transform(Number)
      .describe("A bin's id, as GET /api/bins lists it: only its items of this project"),
  ),
});
export type MembersQuery = z.infer<typeof MEMBERS_QUERY>;

/**
 * The member rules a list or search of `project` is narrowed to; 404 for a collection the
 * project does not have or a bin that does not exist.
 */
export async function memberRules(
  ctx: AppContext,
  libraries: LibraryPool,
  project: string | undefined,
  { collection, bin }: MembersQuery,
): Promise<MemberRule[]> {
  const rules: MemberRule[] = [];
  if (collection !== undefined) {
    const store = libraries.library(project);
    const defs = await libraries.collectionFiles.load(store.paths.dataDir);
    rules.push(collectionRule(store, defs, collection));
  }
  if (bin !== undefined) rules.push(binRule(ctx, libraries, bin, project));
  return rules;
}
