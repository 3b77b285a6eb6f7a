import { Repository } from "../statements.js";

/**
 * One condition on an item (`members` asks only of present ones). Tag names and ratings are exact
 * spellings: the caller folds (NFKC, case) and hands over every spelling the library holds that
 * folds to what it wants.
 */
export type MemberClause =
  | { kind: "status"; status: string }
  | { kind: "updated_since"; since: string }
  /** `null` in the list matches an item without a rating. */
  | { kind: "rating_in"; ratings: readonly (string | null)[] }
  | { kind: "tag_in"; names: readonly string[] }
  | { kind: "no_tag_in"; names: readonly string[] }
  | { kind: "min_duration"; seconds: number }
  | { kind: "has_audio" }
  /** The file was there at the last scan: where a list, unlike `members`, would include missing items. */
  | { kind: "present" }
  | { kind: "id_in"; ids: readonly number[] };

/** Groups of clauses: an item is a member when, in every group, one clause holds. */
export type MemberRule = readonly (readonly MemberClause[])[];

const json = (values: readonly unknown[]) => JSON.stringify(values);

/** A clause no item can meet: one that asks for a spelling the library does not hold. */
const impossible = (clause: MemberClause) =>
  (clause.kind === "tag_in" && clause.names.length === 0) ||
  (clause.kind === "rating_in" && clause.ratings.length === 0) ||
  (clause.kind === "id_in" && clause.ids.length === 0);

// The items carrying any of a JSON list of tag spellings. NOCASE lets tags_name serve the lookup;
// the spellings handed over already include every one that differs only in ASCII case, so it
// matches nothing more.
const TAGGED = "SELECT media_id FROM tags WHERE name COLLATE NOCASE IN (SELECT value FROM json_each(?))";

/** One clause as SQL over `m` (a row of media), with its parameters. */
function clauseSql(clause: MemberClause): { sql: string; params: unknown[] } {
  switch (clause.kind) {
    case "status":
      return { sql: "m.status = ?", params: [clause.status] };
    case "updated_since":
      return { sql: "m.updated_at >= ?", params: [clause.since] };
    case "rating_in": {
      const named = clause.ratings.filter((r): r is string => r !== null);
      const parts = [];
      const params: unknown[] = [];
      if (clause.ratings.includes(null)) parts.push("m.rating IS NULL");
      if (named.length > 0) {
        parts.push("m.rating IN (SELECT value FROM json_each(?))");
        params.push(json(named));
      }
      return { sql: parts.join(" OR "), params };
    }
    case "tag_in":
      return { sql: `m.id IN (${TAGGED})`, params: [json(clause.names)] };
    case "no_tag_in":
      return { sql: `m.id NOT IN (${TAGGED})`, params: [json(clause.names)] };
    case "min_duration":
      return { sql: "COALESCE(m.duration_s, 0) >= ?", params: [clause.seconds] };
    case "has_audio":
      return { sql: "m.audio_tracks > 0", params: [] };
    case "present":
      return { sql: "m.missing_since IS NULL", params: [] };
    case "id_in":
      return { sql: "m.id IN (SELECT value FROM json_each(?))", params: [json(clause.ids)] };
  }
}

/**
 * A rule as SQL conditions over `m`, one per group, all to hold; null when some group has no
 * clause that can hold, so the rule admits nothing.
 */
export function ruleSql(rule: MemberRule): { where: string[]; params: unknown[] } | null {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const group of rule) {
    const possible = group.filter((clause) => !impossible(clause));
    if (possible.length === 0) return null;
    const parts = possible.map(clauseSql);
    for (const part of parts) params.push(...part.params);
    where.push(`(${parts.map((p) => p.sql).join(" OR ")})`);
  }
  return { where, params };
}

export class CollectionsRepo extends Repository {
  /** Every spelling of every tag in the library. */
  tagNames(): string[] {
    return this.prepare("SELECT name FROM tag_item_counts", true)
      .all()
      .map((row) => (row as [string])[0]);
  }

  /** Every rating spelling present items carry. */
  ratings(): string[] {
    return this.prepare(
      "SELECT DISTINCT rating FROM media WHERE missing_since IS NULL AND rating IS NOT NULL",
      true,
    )
      .all()
      .map((row) => (row as [string])[0]);
  }

  /**
   * The present items `rule` admits: how many, and the first `limit` ids in id order. Counted
   * from the few rows of review_counts when the rule asks only about status and rating (needs
   * review, unusable), from the tags' index when it asks only for tags, and otherwise over the
   * media_members index (migrations 10 and 20), which holds every column a rule reads: the
   * table's rows carry transcripts, and reading them took ~0.2 s per collection at 100,000 items.
   * A rule asking for recently updated items reads them off media_recent.
   */
  members(rule: MemberRule, limit: number): { count: number; ids: number[] } {
    const sql = ruleSql(rule);
    // A rule that admits nothing is answered here: SQLite would refuse its constant false
    // condition with INDEXED BY ("no query solution").
    if (!sql) return { count: 0, ids: [] };
    const { where: groups, params } = sql;
    const conditions = groups.map((g) => ` AND ${g}`).join("");
    const index = rule.some((group) => group.every((c) => c.kind === "updated_since"))
      ? "media_recent"
      : "media_members";
    const from = `FROM media m INDEXED BY ${index} WHERE m.missing_since IS NULL${conditions}`;
    const count = this.tallied(rule, conditions, params) ?? this.countOf(`SELECT COUNT(*) ${from}`, params);
    const ids =
      count === 0 || limit === 0
        ? []
        : this.prepare(`SELECT m.id ${from} ORDER BY m.id LIMIT ?`, true)
            .all(...params, limit)
            .map((row) => (row as [number])[0]);
    return { count, ids };
  }

  /** The count of a rule whose clauses the kept tallies answer alone; null for any other. */
  private tallied(asked: MemberRule, conditions: string, params: unknown[]): number | null {
    // The clauses ruleSql kept: one no item can meet leaves its group's others to decide.
    const rule = asked.map((group) => group.filter((clause) => !impossible(clause)));
    const kinds = new Set(rule.flat().map((clause) => clause.kind));
    if ([...kinds].every((kind) => kind === "status" || kind === "rating_in"))
      return this.countOf(`SELECT coalesce(sum(m.n), 0) FROM review_counts m WHERE 1${conditions}`, params);
    const [only] = rule.flat();
    if (rule.length === 1 && rule[0]?.length === 1 && only?.kind === "tag_in")
      return this.countOf(
        `SELECT COUNT(DISTINCT t.media_id) FROM tags t WHERE t.name COLLATE NOCASE IN (SELECT value FROM json_each(?))
           AND t.media_id NOT IN (SELECT id FROM media INDEXED BY media_missing WHERE missing_since IS NOT NULL)`,
        params,
      );
    return null;
  }

  /** Tag names per item, auto and manual alike. */
  tagPairs(): { media_id: number; name: string }[] {
    return this.prepare("SELECT media_id, name FROM tags").all() as { media_id: number; name: string }[];
  }
}
