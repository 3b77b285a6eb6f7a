import { Repository } from "../statements.js";
import type { MediaKind } from "./media.js";

/** What the figures are grouped by: nothing, a period of the shoot date, or a label. */
export const ANALYTICS_GROUPS = [
  "none",
  "day",
  "week",
  "month",
  "year",
  "camera",
  "tag",
  "rating",
  "type",
] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];

export interface AnalyticsQuery {
  group: AnalyticsGroup;
  /** Shoot dates from and to, inclusive, as YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
  kinds?: readonly MediaKind[] | undefined;
  camera?: string | undefined;
  tag?: string | undefined;
  rating?: string | undefined;
}

export interface AnalyticsRow {
  /** The group's label; null for items without one (no shoot date, no camera…) and for `none`. */
  key: string | null;
  clips: number;
  duration_s: number;
}

// Each grouping is a fixed SQL expression, over the running shoot facts or, for tags, the items
// themselves: nothing a model writes ever reaches SQL, only bound values do.
const FACT_KEY: Record<Exclude<AnalyticsGroup, "tag">, string> = {
  none: "NULL",
  day: "nullif(f.day, '')",
  // ISO 8601 week (2026-W09), so weeks never straddle a year boundary the way %W does.
  week: "strftime('%G-W%V', nullif(f.day, ''))",
  month: "nullif(substr(f.day, 1, 7), '')",
  year: "nullif(substr(f.day, 1, 4), '')",
  camera: "nullif(f.camera, '')",
  rating: "nullif(f.rating, '')",
  type: "f.kind",
};

const ITEM_KEY: Record<AnalyticsGroup, string> = {
  none: "NULL",
  day: "m.shot_date",
  week: "strftime('%G-W%V', m.shot_date)",
  month: "substr(m.shot_date, 1, 7)",
  year: "substr(m.shot_date, 1, 4)",
  camera: "m.camera_id",
  rating: "m.rating",
  type: "m.kind",
  tag: "g.name",
};

interface Columns {
  day: string;
  kind: string;
  camera: string;
  rating: string;
}

/** The query's conditions over the given columns, with their bound values. */
function conditions(query: AnalyticsQuery, c: Columns): { where: string[]; params: Record<string, string> } {
  const where: string[] = [];
  const params: Record<string, string> = {};
  if (query.from) {
    where.push(`${c.day} >= @from`);
    params.from = query.from;
  }
  if (query.to) {
    // '' (no shoot day) sorts first: a date range never takes in an item without a day.
    where.push(`${c.day} <= @to`, `${c.day} <> ''`);
    params.to = query.to;
  }
  if (query.kinds?.length) {
    where.push(`${c.kind} IN (SELECT value FROM json_each(@kinds))`);
    params.kinds = JSON.stringify(query.kinds);
  }
  if (query.camera) {
    where.push(`${c.camera} = @camera COLLATE NOCASE`);
    params.camera = query.camera;
  }
  if (query.rating) {
    where.push(`${c.rating} = @rating COLLATE NOCASE`);
    params.rating = query.rating;
  }
  return { where, params };
}

/** Fixed aggregate queries over a project's present items, for the chat's analytics answers. */
export class AnalyticsRepo extends Repository {
  aggregate(query: AnalyticsQuery): AnalyticsRow[] {
    if (query.group === "tag" || query.tag) return this.overItems(query);
    const { where, params } = conditions(query, {
      day: "f.day",
      kind: "f.kind",
      camera: "f.camera",
      rating: "f.rating",
    });
    return this.prepare(
      `SELECT ${FACT_KEY[query.group]} AS key, sum(f.clips) AS clips, coalesce(sum(f.duration_ns), 0) / 1e9 AS duration_s
         FROM shoot_facts f ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         GROUP BY 1 HAVING sum(f.clips) > 0 ORDER BY key IS NULL, key`,
    ).all(params) as AnalyticsRow[];
  }

  /** With tags the items themselves are read (their shoot facts come from a covering index). */
  private overItems(query: AnalyticsQuery): AnalyticsRow[] {
    const day = "coalesce(m.shot_date, '')";
    const { where, params } = conditions(query, {
      day,
      kind: "m.kind",
      camera: "m.camera_id",
      rating: "m.rating",
    });
    where.unshift("m.missing_since IS NULL");
    if (query.tag) {
      where.push("EXISTS (SELECT 1 FROM tags ft WHERE ft.media_id = m.id AND ft.name = @tag COLLATE NOCASE)");
      params.tag = query.tag;
    }
    // A tag is counted once per item however many sources gave it.
    const source =
      query.group === "tag"
        ? "media m LEFT JOIN (SELECT DISTINCT media_id, name FROM tags) g ON g.media_id = m.id"
        : "media m";
    return this.prepare(
      `SELECT ${ITEM_KEY[query.group]} AS key, count(*) AS clips, coalesce(sum(m.duration_s), 0) AS duration_s
         FROM ${source} WHERE ${where.join(" AND ")}
         GROUP BY 1 ORDER BY key IS NULL, key`,
    ).all(params) as AnalyticsRow[];
  }
}
