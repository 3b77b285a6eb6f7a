import { LRUCache } from "lru-cache";
import { FtsRowMatch } from "../fts-row-match.js";
import { Repository } from "../statements.js";
import { type MemberRule, ruleSql } from "./collections.js";
import { CAMERA_COLUMNS, type MediaKind, type MediaRow } from "./media.js";
import type { TagRow } from "./tags.js";

export type SortKey = "id" | "name" | "path" | "shot_date" | "duration" | "created" | "span";

export interface Sort {
  key: SortKey;
  desc: boolean;
}

/** A shoot-day condition: a year, one day, or "no known shoot day". */
export type ShotFilter = { year: number } | { day: string } | { unknown: true };

/** A search word or a quoted phrase typed by the user; never FTS syntax. */
export interface TextTerm {
  text: string;
  /** Also match words that start with this text (search-as-you-type on the last word). */
  prefix: boolean;
}

/** Every condition narrows the result (AND), whether it came from a parameter or a `q` prefix. */
export interface MediaFilter {
  kinds: MediaKind[];
  shots: ShotFilter[];
  tags: string[];
  cameras: string[];
  languages: string[];
  ratings: string[];
  terms: TextTerm[];
  /** Slate scene and take names (`scene:`, `take:` in `q`), each matched whole, letter case ignored. */
  slateScenes?: string[];
  slateTakes?: string[];
  /** Spanned recordings' ids (`span.id`): their parts. */
  spans?: string[];
  /** Rules every item must also meet: a smart collection's, a bin's items. */
  members?: MemberRule[];
}

/** Where the previous page ended: the sort value and id of its last row. */
export interface Keyset {
  value: string | number | null;
  id: number;
}

export interface PageRequest {
  filter: MediaFilter;
  sort: Sort;
  limit: number;
  offset: number;
  after: Keyset | null;
}

/** A media row as listed: everything but the bulky or internal columns and what only exports read. */
export type ListedRow = Omit<
  MediaRow,
  "words_json" | "segments_json" | "metadata_json" | "embed_hash" | "audio_channels" | "audio_sample_rate"
>;

export interface Page {
  rows: ListedRow[];
  total: number;
  /** Rows of the whole result that come before this page. */
  skipped: number;
  more: boolean;
  tags: Map<number, TagRow[]>;
}

export interface DayCount {
  day: string | null;
  count: number;
}

// Column expressions per sort key. Only these fixed strings are ever spliced into SQL.
const SORT_COLUMN: Record<SortKey, { expr: string; nullable: boolean; field: keyof ListedRow }> = {
  id: { expr: "m.id", nullable: false, field: "id" },
  name: { expr: "m.name", nullable: false, field: "name" },
  path: { expr: "m.rel_path COLLATE NOCASE", nullable: false, field: "rel_path" },
  shot_date: { expr: "m.shot_date", nullable: true, field: "shot_date" },
  duration: { expr: "m.duration_s", nullable: true, field: "duration_s" },
  created: { expr: "m.created_at", nullable: false, field: "created_at" },
  span: { expr: "m.span_index", nullable: true, field: "span_index" },
};

// The listed columns in SELECT order. Rows are read as arrays and named by `listedRow`: building
// 54 named properties per row inside better-sqlite3 cost more than the query itself.
const LIST_COLUMNS = [
  "id",
  "rel_path",
  "kind",
  "size",
  "mtime_ms",
  "fingerprint",
  "missing_since",
  "duration_s",
  "codec",
  "audio_codec",
  "fps",
  "width",
  "height",
  "start_timecode",
  "audio_tracks",
  "creation_date",
  "shot_date",
  "thumb_path",
  "waveform_path",
  "sprite_json",
  "rating",
  "rating_note",
  "in_point",
  "out_point",
  "camera_id",
  "angle",
  "transcript",
  "language",
  "color_profile",
  "color_profile_suggested",
  ...CAMERA_COLUMNS,
  "desqueeze",
  "span_id",
  "span_index",
  "span_count",
  "span_json",
  "next_stage",
  "status",
  "error_stage",
  "error",
  "created_at",
  "updated_at",
] as const satisfies readonly Exclude<keyof ListedRow, "name">[];
const LIST_SELECT = LIST_COLUMNS.map((column) => `m.${column}`).join(", ");

/**
 * One listed row from its LIST_COLUMNS values. `name` is the generated column's value (what
 * follows the last `/`), taken here: SQLite's rtrim/replace expression for it costs a microsecond
 * per row. Properties are added in one fixed order, so every row shares one object shape.
 */
function listedRow(values: unknown[]): ListedRow {
  const row: Record<string, unknown> = {};
  LIST_COLUMNS.forEach((column, i) => {
    row[column] = values[i];
  });
  const relPath = row.rel_path as string;
  row.name = relPath.slice(relPath.lastIndexOf("/") + 1);
  return row as unknown as ListedRow;
}

const MAX_PAGES = 32;
// Past this many matches, a page whose matches are dense enough to be met within PROBE_READ_MAX
// rows read in sort order is read that way (see IdCondition); fewer are cheaper looked up.
const DRIVE_MAX = 2_000;
const PROBE_READ_MAX = 50_000;
// Kept pages together: a few pages of 500 rows with hour-long transcripts each reach this.
export const MAX_PAGE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * About what a page takes in memory: strings at two bytes a character (V8 keeps non-Latin-1
 * text that way, so this is the upper case) plus a fixed cost per value, row and tag.
 */
function pageBytes(page: Page): number {
  let bytes = 256;
  for (const row of page.rows) {
    bytes += 64;
    for (const value of Object.values(row)) bytes += typeof value === "string" ? 16 + value.length * 2 : 8;
  }
  for (const tags of page.tags.values()) for (const tag of tags) bytes += 48 + tag.name.length * 2;
  return bytes;
}

/**
 * The FTS5 expression for user terms. Each term becomes a double-quoted string (inner quotes
 * doubled), so operators, column filters, `*`, `-`, NEAR and parentheses are plain text to FTS5;
 * NUL and other control characters end an FTS5 string early and are replaced by spaces.
 */
export function ftsExpression(terms: readonly TextTerm[]): string {
  return terms
    .map((term) => {
      const clean = term.text.replace(/\p{Cc}/gu, " ").replaceAll('"', '""');
      return `"${clean}"${term.prefix ? "*" : ""}`;
    })
    .join(" ");
}

interface Sql {
  where: string[];
  params: unknown[];
}

/** How many conditions `filter` sets; the search words count as one. */
function conditionCount(filter: MediaFilter): number {
  const lists = [
    filter.kinds,
    filter.shots,
    filter.tags,
    filter.cameras,
    filter.languages,
    filter.ratings,
    filter.slateScenes ?? [],
    filter.slateTakes ?? [],
    filter.spans ?? [],
    filter.members ?? [],
  ];
  return lists.reduce((sum, list) => sum + list.length, filter.terms.length > 0 ? 1 : 0);
}

/**
 * How a condition on the item's id (a tag, the text index) is written. `drive`: SQLite starts from
 * the ids it lists, which costs a lookup of every listed item before any is sorted. `probe`: the
 * `+` keeps it from driving, so SQLite reads the items in the page's order and keeps those listed,
 * stopping once the page is full: far cheaper when the list holds a good share of the library.
 */
type IdCondition = "drive" | "probe";

function filterSql(filter: MediaFilter, ids: IdCondition = "drive"): Sql {
  const where: string[] = [];
  const params: unknown[] = [];
  const id = ids === "probe" ? "+m.id" : "m.id";
  for (const kind of filter.kinds) {
    where.push("m.kind = ?");
    params.push(kind);
  }
  for (const shot of filter.shots) {
    if ("unknown" in shot) where.push("m.shot_date IS NULL");
    else if ("day" in shot) {
      where.push("m.shot_date = ?");
      params.push(shot.day);
    } else {
      where.push("m.shot_date BETWEEN ? AND ?");
      params.push(`${shot.year}-01-01`, `${shot.year}-12-31`);
    }
  }
  for (const tag of filter.tags) {
    where.push(`${id} IN (SELECT t.media_id FROM tags t WHERE t.name = ? COLLATE NOCASE)`);
    params.push(tag);
  }
  const equal = (column: string, values: readonly string[]) => {
    for (const value of values) {
      where.push(`${column} = ? COLLATE NOCASE`);
      params.push(value);
    }
  };
  equal("m.camera_id", filter.cameras);
  equal("m.language", filter.languages);
  equal("m.rating", filter.ratings);
  // The text index finds the few items whose slate holds the words; the slate field then decides.
  const slate = (field: "scene" | "take", values: readonly string[] | undefined) => {
    for (const value of values ?? []) {
      where.push(
        `${id} IN (SELECT rowid FROM media_fts WHERE media_fts MATCH ?)`,
        `(CASE WHEN json_valid(m.slate_json) THEN m.slate_json ->> '$.${field}' END) = ? COLLATE NOCASE`,
      );
      params.push(`slate : ${ftsExpression([{ text: value, prefix: false }])}`, value);
    }
  };
  slate("scene", filter.slateScenes);
  slate("take", filter.slateTakes);
  for (const span of filter.spans ?? []) {
    where.push("m.span_id = ?");
    params.push(span);
  }
  for (const rule of filter.members ?? []) {
    const sql = ruleSql(rule);
    where.push(...(sql?.where ?? ["0"]));
    params.push(...(sql?.params ?? []));
  }
  if (filter.terms.length > 0) {
    where.push(`${id} IN (SELECT rowid FROM media_fts WHERE media_fts MATCH ?)`);
    params.push(ftsExpression(filter.terms));
  }
  return { where, params };
}

/**
 * The rows after `after` in sort order, as index-friendly ranges to read one after the other:
 * known values past the cursor, then (for a nullable key) the unknown ones, which sort last in
 * both directions. Row values keep each range a single index search.
 */
function rangesAfter(sort: Sort, after: Keyset): Sql[] {
  const { expr, nullable } = SORT_COLUMN[sort.key];
  const op = sort.desc ? "<" : ">";
  if (after.value === null) return [{ where: [`${expr} IS NULL`, `m.id ${op} ?`], params: [after.id] }];
  const known: Sql = { where: [`(${expr}, m.id) ${op} (?, ?)`], params: [after.value, after.id] };
  return nullable ? [known, { where: [`${expr} IS NULL`], params: [] }] : [known];
}

/** The rows up to and including `after`: what the earlier pages held. */
function rangesThrough(sort: Sort, after: Keyset): Sql[] {
  const { expr } = SORT_COLUMN[sort.key];
  const op = sort.desc ? ">=" : "<=";
  if (after.value === null) {
    return [
      { where: [`${expr} IS NOT NULL`], params: [] },
      { where: [`${expr} IS NULL`, `m.id ${op} ?`], params: [after.id] },
    ];
  }
  return [{ where: [`(${expr}, m.id) ${op} (?, ?)`], params: [after.value, after.id] }];
}

const and = (a: Sql, b: Sql): Sql => ({
  where: [...a.where, ...b.where],
  params: [...a.params, ...b.params],
});

const whereClause = (parts: readonly string[]) => (parts.length ? `WHERE ${parts.join(" AND ")}` : "");

export class MediaSearchRepo extends Repository {
  private readonly rowMatch = new FtsRowMatch(this.db);
  private days: { version: string | undefined; counts: readonly Readonly<DayCount>[] } | null = null;
  // Recent pages by request: a review station polling the first page is answered from here
  // until the database changes.
  // Bounded by bytes as well as by entries, so a few large pages (long transcripts) push out many
  // small ones instead of piling up; a page larger than the whole bound is never kept.
  private readonly pages = new LRUCache<string, { version: string | undefined; page: Page }>({
    max: MAX_PAGES,
    maxSize: MAX_PAGE_CACHE_BYTES,
    sizeCalculation: (kept) => pageBytes(kept.page),
  });

  /** Pages kept and the bytes they are counted as. */
  get pageCache(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.pages.calculatedSize };
  }

  /**
   * The database's change stamp: `data_version` moves when another connection commits,
   * `total_changes()` when this one writes (trigger writes included).
   */
  private version(): string | undefined {
    return this.prepare("SELECT (SELECT data_version FROM pragma_data_version), total_changes()", true)
      .get()
      ?.toString();
  }

  /**
   * One page of a filtered, sorted list, with the total and the page's tags, read as one snapshot.
   * Answers are kept until the database changes; inside a transaction, which may yet roll back,
   * nothing is kept.
   */
  page(request: PageRequest): Page {
    const version = this.version();
    const key = JSON.stringify(request);
    const kept = this.pages.get(key);
    if (kept && kept.version === version && !this.db.inTransaction) return kept.page;
    const page = this.readPage(request);
    if (!this.db.inTransaction) this.pages.set(key, { version, page });
    return page;
  }

  private readPage(request: PageRequest): Page {
    const read = this.db.transaction((): Page => {
      const total = this.countedTotal(request.filter) ?? this.count(filterSql(request.filter));
      const want = request.limit + 1;
      const filter = filterSql(request.filter, this.idCondition(total, request.offset + want));
      let rows: ListedRow[];
      let skipped: number;
      if (request.after) {
        const { sort, after } = request;
        skipped = rangesThrough(sort, after).reduce((sum, range) => sum + this.count(and(filter, range)), 0);
        rows = [];
        for (const range of rangesAfter(sort, after)) {
          if (rows.length >= want) break;
          rows.push(...this.rows(and(filter, range), request.sort, want - rows.length, 0));
        }
      } else {
        skipped = request.offset;
        rows = this.rows(filter, request.sort, want, request.offset);
      }
      const more = rows.length > request.limit;
      const pageRows = more ? rows.slice(0, request.limit) : rows;
      return { rows: pageRows, total, skipped, more, tags: this.tagsOf(pageRows.map((r) => r.id)) };
    });
    return read();
  }

  /** The value a cursor after `row` has to remember for `key`. */
  static sortValue(row: ListedRow, key: SortKey): string | number | null {
    return row[SORT_COLUMN[key].field] as string | number | null;
  }

  /**
   * Item counts per shoot day (null = unknown), from the trigger-maintained table. Reading its
   * thousand-odd rows is most of a facets request, so the last answer is kept until the database
   * changes (see `version`); inside a transaction nothing is kept.
   */
  dayCounts(): readonly Readonly<DayCount>[] {
    const version = this.version();
    if (this.days && this.days.version === version) return this.days.counts;
    const rows = this.prepare("SELECT day, n FROM shot_day_counts WHERE n > 0 ORDER BY day", true).all() as [
      string,
      number,
    ][];
    const counts = rows.map(([day, n]) => ({ day: day === "" ? null : day, count: n }));
    this.days = this.db.inTransaction ? null : { version, counts };
    return counts;
  }

  /** Those of `ids` that pass every condition of `filter`. */
  matching(filter: MediaFilter, ids: readonly number[]): Set<number> {
    if (ids.length === 0) return new Set();
    const sql = and(filterSql(filter), {
      where: ["m.id IN (SELECT value FROM json_each(?))"],
      params: [JSON.stringify(ids)],
    });
    const rows = this.prepare(`SELECT m.id FROM media m ${whereClause(sql.where)}`).all(...sql.params) as {
      id: number;
    }[];
    return new Set(rows.map((r) => r.id));
  }

  /** Every id passing `filter`, or null when more than `cap` do. */
  idsMatching(filter: MediaFilter, cap: number): number[] | null {
    const { where, params } = filterSql(filter);
    const rows = this.prepare(`SELECT m.id FROM media m ${whereClause(where)} LIMIT ?`, true).all(
      ...params,
      cap + 1,
    ) as [number][];
    return rows.length > cap ? null : rows.map(([id]) => id);
  }

  /** Ids passing `filter`, best text match first (FTS5 rank); needs at least one search term. */
  ranked(filter: MediaFilter, limit: number): number[] {
    if (filter.terms.length === 0 || limit < 1) return [];
    const { where, params } = filterSql({ ...filter, terms: [] });
    const matching = `FROM media_fts f JOIN media m ON m.id = f.rowid
         WHERE media_fts MATCH ? ${where.length ? `AND ${where.join(" AND ")}` : ""}`;
    const expression = ftsExpression(filter.terms);
    const firstTwo = (terms: readonly TextTerm[]) =>
      (
        this.prepare(`SELECT m.id ${matching} LIMIT 2`, true).all(ftsExpression(terms), ...params) as [
          number,
        ][]
      ).map(([id]) => id);
    // FTS5's bm25 weighs each word by the rows holding it, counted along the word's whole list on
    // every query: most of the index for "the" or "you". Only two or more matches need that order,
    // and a query of several words (a spoken sentence) mostly matches one item or none.
    if (filter.terms.length > 1) {
      // A prefix is merged from the lists of every word it starts before anything is matched, while
      // whole words are walked only as far as needed: those decide first whether one row is left.
      // When two or more are, the ranking below merges the prefix once, not a probe and it twice.
      const words = filter.terms.filter((t) => !t.prefix);
      if (words.length > 0 && words.length < filter.terms.length) {
        const candidates = firstTwo(words);
        if (candidates.length === 0) return [];
        if (candidates.length === 1) return candidates.filter((id) => this.rowMatch.matches(id, expression));
      } else {
        const found = firstTwo(filter.terms);
        if (found.length < 2) return found;
      }
    }
    const rows = this.prepare(`SELECT m.id ${matching} ORDER BY f.rank, m.id LIMIT ?`, true).all(
      expression,
      ...params,
      limit,
    ) as [number][];
    return rows.map(([id]) => id);
  }

  /** Frees the in-memory copy `ranked` tests single rows on. */
  close(): void {
    this.rowMatch.close();
  }

  /** Rows and tags of `ids`, in that order (ids that no longer exist are left out). */
  rowsByIds(ids: readonly number[]): { rows: ListedRow[]; tags: Map<number, TagRow[]> } {
    if (ids.length === 0) return { rows: [], tags: new Map() };
    const found = (
      this.prepare(
        `SELECT ${LIST_SELECT} FROM media m WHERE m.id IN (SELECT value FROM json_each(?))`,
        true,
      ).all(JSON.stringify(ids)) as unknown[][]
    ).map(listedRow);
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return { rows, tags: this.tagsOf(rows.map((r) => r.id)) };
  }

  private rows(sql: Sql, sort: Sort, limit: number, offset: number): ListedRow[] {
    const { expr } = SORT_COLUMN[sort.key];
    const dir = sort.desc ? "DESC" : "ASC";
    const values = this.prepare(
      `SELECT ${LIST_SELECT} FROM media m ${whereClause(sql.where)}
       ORDER BY ${expr} ${dir} NULLS LAST, m.id ${dir} LIMIT ? OFFSET ?`,
      true,
    ).all(...sql.params, limit, offset) as unknown[][];
    return values.map(listedRow);
  }

  /**
   * The number of items `filter` passes, read without a look at the items when it sets one
   * condition at most: the whole library, one kind, one shoot day or year, or no known day from
   * the counts the triggers keep (migration 5); one tag from the tags' index; search words from
   * the text index (every tag and text row belongs to an item). Counting items instead walks an
   * index entry per item (40 ms for the whole library at 500,000 items), or looks up every tagged
   * item's wide row (0.5 s for one tag there). Null when the filter sets more.
   */
  private countedTotal(filter: MediaFilter): number | null {
    const conditions = conditionCount(filter);
    if (conditions > 1) return null;
    const count = (sql: string, ...params: unknown[]) => this.countOf(sql, params);
    const [kind] = filter.kinds;
    const [shot] = filter.shots;
    const [tag] = filter.tags;
    if (conditions === 0) return this.libraryTotal();
    if (kind !== undefined)
      return count("SELECT coalesce(sum(present + missing), 0) FROM media_totals WHERE kind = ?", kind);
    if (shot !== undefined) {
      if ("unknown" in shot) return count("SELECT coalesce(sum(n), 0) FROM shot_day_counts WHERE day = ''");
      if ("day" in shot)
        return count("SELECT coalesce(sum(n), 0) FROM shot_day_counts WHERE day = ?", shot.day);
      const year = [`${shot.year}-01-01`, `${shot.year}-12-31`];
      return count("SELECT coalesce(sum(n), 0) FROM shot_day_counts WHERE day BETWEEN ? AND ?", ...year);
    }
    if (tag !== undefined)
      return count("SELECT count(DISTINCT media_id) FROM tags WHERE name = ? COLLATE NOCASE", tag);
    if (filter.terms.length > 0)
      return count("SELECT count(*) FROM media_fts WHERE media_fts MATCH ?", ftsExpression(filter.terms));
    return null;
  }

  /**
   * Whether a page of `reach` rows (offset included) out of `total` matches is cheaper read in
   * sort order, keeping the matches (about reach × library / total rows read, each from a narrow
   * index), or from the matches' ids (one lookup of a wide row per match, then a sort).
   */
  private idCondition(total: number, reach: number): IdCondition {
    if (total === 0) return "drive";
    const library = this.libraryTotal();
    return (reach * library) / total <= PROBE_READ_MAX && total > DRIVE_MAX ? "probe" : "drive";
  }

  /** Every item, missing ones included, from the counts the triggers keep. */
  private libraryTotal(): number {
    return this.countOf("SELECT coalesce(sum(present + missing), 0) FROM media_totals");
  }

  private count(sql: Sql): number {
    return (
      this.prepare(`SELECT count(*) AS n FROM media m ${whereClause(sql.where)}`).get(...sql.params) as {
        n: number;
      }
    ).n;
  }

  private tagsOf(ids: readonly number[]): Map<number, TagRow[]> {
    const byId = new Map<number, TagRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byId;
    const rows = this.prepare(
      `SELECT media_id, name, source FROM tags WHERE media_id IN (SELECT value FROM json_each(?))
       ORDER BY name, source`,
    ).all(JSON.stringify(ids)) as (TagRow & { media_id: number })[];
    for (const { media_id, name, source } of rows) byId.get(media_id)?.push({ name, source });
    return byId;
  }
}
