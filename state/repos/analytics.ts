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

// Each grouping is a fixed SQL expression over `m` (media) or a join: nothing a model writes ever
// reaches SQL, only bound values do.
const KEY: Record<Exclude<AnalyticsGroup, "tag">, string> = {
  none: "NULL",
  day: "m.shot_date",
  // ISO 8601 week (2026-W09), so weeks never straddle a year boundary the way %W does.
  week: "strftime('%G-W%V', m.shot_date)",
  month: "substr(m.shot_date, 1, 7)",
  year: "substr(m.shot_date, 1, 4)",
  camera: "m.camera_id",
  rating: "m.rating",
  type: "m.kind",
};

/** Fixed aggregate queries over a project's present items, for the chat's analytics answers. */
export class AnalyticsRepo extends Repository {
  aggregate(query: AnalyticsQuery): AnalyticsRow[] {
    const where = ["m.missing_since IS NULL"];
    const params: Record<string, string> = {};
    if (query.from) {
      where.push("m.shot_date >= @from");
      params.from = query.from;
    }
    if (query.to) {
      where.push("m.shot_date <= @to");
      params.to = query.to;
    }
    if (query.kinds?.length) {
      where.push("m.kind IN (SELECT value FROM json_each(@kinds))");
      params.kinds = JSON.stringify(query.kinds);
    }
    if (query.camera) {
      where.push("m.camera_id = @camera COLLATE NOCASE");
      params.camera = query.camera;
    }
    if (query.rating) {
      where.push("m.rating = @rating COLLATE NOCASE");
      params.rating = query.rating;
    }
    if (query.tag) {
      where.push("EXISTS (SELECT 1 FROM tags ft WHERE ft.media_id = m.id AND ft.name = @tag COLLATE NOCASE)");
      params.tag = query.tag;
    }
    // A tag is counted once per item however many sources gave it.
    const source =
      query.group === "tag"
        ? "media m LEFT JOIN (SELECT DISTINCT media_id, name FROM tags) g ON g.media_id = m.id"
        : "media m";
    const key = query.group === "tag" ? "g.name" : KEY[query.group];
    return this.prepare(
      `SELECT ${key} AS key, count(*) AS clips, coalesce(sum(m.duration_s), 0) AS duration_s
         FROM ${source} WHERE ${where.join(" AND ")}
         GROUP BY 1 ORDER BY key IS NULL, key`,
    ).all(params) as AnalyticsRow[];
  }
}
