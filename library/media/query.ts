import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { MemberRule } from "../../state/repos/collections.js";
import type { MediaKind } from "../../state/repos/media.js";
import type {
  Keyset,
  MediaFilter,
  PageRequest,
  ShotFilter,
  Sort,
  SortKey,
  TextTerm,
} from "../../state/repos/media-search.js";
import { LABEL_MAX, labelSchema, textLength } from "./labels.js";

export const SORT_KEYS = [
  "id",
  "name",
  "path",
  "shot_date",
  "duration",
  "created",
  "span",
] as const satisfies readonly SortKey[];
export const SORTS = SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type SortParam = (typeof SORTS)[number];

export const DEFAULT_SORT: SortParam = "-shot_date";
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;
export const MAX_OFFSET = 1_000_000_000;
export const MAX_Q_LENGTH = 500;
export const MAX_Q_PARTS = 32;
// Span ids are 16 hex digits (pipeline/spans.ts); the bound only keeps junk out of the page cache's keys.
const MAX_SPAN_ID_LENGTH = 64;
const MAX_CURSOR_LENGTH = 512;

const KINDS = ["video", "audio", "image"] as const satisfies readonly MediaKind[];
const PREFIXES = ["tag", "camera", "lang", "rating", "type", "shot", "scene", "take"] as const;
type Prefix = (typeof PREFIXES)[number];

/** A real calendar day in YYYY-MM-DD form. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `YYYY`, `YYYY-MM-DD` or `unknown`, as the `shot:` prefix and the facet buckets use them. */
export function parseShot(value: string): ShotFilter | null {
  if (value.toLowerCase() === "unknown") return { unknown: true };
  if (/^\d{4}$/.test(value)) return { year: Number(value) };
  if (isIsoDay(value)) return { day: value };
  return null;
}

// A form that submits an empty field means "no filter", not "filter on nothing".
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A whole number in a query string, within bounds: no signs, exponents or fractions. */
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `expected at least ${min}`).max(max, `expected at most ${max}`));

const label = labelSchema(LABEL_MAX);

/** The query string of `GET /api/media`; every value arrives as a string. */
export const LIST_QUERY = z.object({
  limit: optional(wholeNumber(1, MAX_LIMIT)),
  offset: optional(wholeNumber(0, MAX_OFFSET)),
  cursor: optional(z.string().max(MAX_CURSOR_LENGTH, "not a cursor this service issued")),
  sort: optional(z.enum(SORTS, { error: `expected one of ${SORTS.join(", ")}` })),
  type: optional(z.enum(KINDS, { error: `expected one of ${KINDS.join(", ")}` })),
  shot_year: optional(
    z
      .string()
      .regex(/^\d{4}$/, "expected a four-digit year")
      .transform(Number),
  ),
  shot_date: optional(
    z.string().refine((v) => v === "unknown" || isIsoDay(v), "expected a day as YYYY-MM-DD, or unknown"),
  ),
  tag: optional(label),
  camera: optional(label),
  lang: optional(label),
  rating: optional(label),
  q: optional(z.string().max(MAX_Q_LENGTH, `at most ${MAX_Q_LENGTH} characters`)),
  span: optional(z.string().max(MAX_SPAN_ID_LENGTH, "not a span id this service issued")),
});
/**
 * A list request: the query string's values, and the member rules a caller narrowed it to (a
 * smart collection, a bin: see members.ts), which need the project's definitions to resolve.
 */
export type ListQuery = z.infer<typeof LIST_QUERY> & { members?: MemberRule[] };

const invalid = (message: string) => new UserError(message, EXIT.usage, 422);

interface QPart {
  prefix: Prefix | null;
  value: string;
  quoted: boolean;
}

/**
 * Splits `q` into words, `"quoted phrases"` and `prefix:value` / `prefix:"quoted value"` parts.
 * Only the known prefixes are special; `foo:bar` is ordinary text.
 */
function splitQ(q: string): QPart[] {
  const parts: QPart[] = [];
  let i = 0;
  while (i < q.length) {
    if (/\s/u.test(q[i] ?? "")) {
      i += 1;
      continue;
    }
    let prefix: Prefix | null = null;
    const named = /^([A-Za-z]+):/.exec(q.slice(i, i + 8));
    const name = named?.[1]?.toLowerCase();
    if (named && (PREFIXES as readonly string[]).includes(name ?? "")) {
      prefix = name as Prefix;
      i += named[0].length;
    }
    if (q[i] === '"') {
      const end = q.indexOf('"', i + 1);
      const stop = end === -1 ? q.length : end;
      parts.push({ prefix, value: q.slice(i + 1, stop), quoted: true });
      i = stop + 1;
      continue;
    }
    let j = i;
    while (j < q.length && !/\s/u.test(q[j] ?? "")) j += 1;
    parts.push({ prefix, value: q.slice(i, j), quoted: false });
    i = j;
  }
  return parts;
}

const emptyFilter = (): MediaFilter => ({
  kinds: [],
  shots: [],
  tags: [],
  cameras: [],
  languages: [],
  ratings: [],
  terms: [],
});

/**
 * Reads `q`: prefixed parts become filters (an empty value is ignored, so a half-typed `tag:` does
 * not fail), the rest become search terms. The last unquoted word also matches as a prefix.
 */
export function parseQ(q: string): MediaFilter {
  const parts = splitQ(q);
  if (parts.length > MAX_Q_PARTS) throw invalid(`q: at most ${MAX_Q_PARTS} words and filters`);
  const filter = emptyFilter();
  for (const part of parts) {
    const value = part.value.trim();
    if (value === "") continue;
    if (part.prefix === null) {
      filter.terms.push({ text: value, prefix: false });
      continue;
    }
    if (textLength(value) > LABEL_MAX) throw invalid(`q: ${part.prefix}: at most ${LABEL_MAX} characters`);
    switch (part.prefix) {
      case "tag":
        filter.tags.push(value);
        break;
      case "camera":
        filter.cameras.push(value);
        break;
      case "lang":
        filter.languages.push(value);
        break;
      case "rating":
        filter.ratings.push(value);
        break;
      case "scene":
        filter.slateScenes = [...(filter.slateScenes ?? []), value];
        break;
      case "take":
        filter.slateTakes = [...(filter.slateTakes ?? []), value];
        break;
      case "type": {
        const kind = value.toLowerCase();
        if (!(KINDS as readonly string[]).includes(kind))
          throw invalid(`q: type: expected ${KINDS.join(", ")}`);
        filter.kinds.push(kind as MediaKind);
        break;
      }
      case "shot": {
        const shot = parseShot(value);
        if (!shot) throw invalid("q: shot: expected YYYY, YYYY-MM-DD or unknown");
        filter.shots.push(shot);
        break;
      }
    }
  }
  const last = [...parts].reverse().find((p) => p.prefix === null && p.value.trim() !== "");
  if (last && !last.quoted) {
    const term = filter.terms.at(-1) as TextTerm;
    term.prefix = true;
  }
  return filter;
}

/** The parameters' filters and the `q` filters, all applied together. */
export function buildFilter(query: ListQuery): MediaFilter {
  const filter = query.q === undefined ? emptyFilter() : parseQ(query.q);
  if (query.type) filter.kinds.push(query.type);
  if (query.shot_year !== undefined) filter.shots.push({ year: query.shot_year });
  if (query.shot_date) filter.shots.push(parseShot(query.shot_date) as ShotFilter);
  if (query.tag) filter.tags.push(query.tag);
  if (query.camera) filter.cameras.push(query.camera);
  if (query.lang) filter.languages.push(query.lang);
  if (query.rating) filter.ratings.push(query.rating);
  if (query.span) filter.spans = [query.span];
  if (query.members?.length) filter.members = [...query.members];
  return filter;
}

export function toSort(param: SortParam): Sort {
  const desc = param.startsWith("-");
  return { key: (desc ? param.slice(1) : param) as SortKey, desc };
}

const CURSOR = z.strictObject({
  s: z.enum(SORTS),
  v: z.union([z.string().max(4096), z.number(), z.null()]),
  i: z.number().int().positive(),
});

/** An opaque position: the sort it belongs to plus the last row's sort value and id. */
export function encodeCursor(sort: SortParam, after: Keyset): string {
  return Buffer.from(JSON.stringify({ s: sort, v: after.value, i: after.id })).toString("base64url");
}

export function decodeCursor(cursor: string): { sort: SortParam; after: Keyset } {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid("cursor: not a cursor this service issued");
  }
  const parsed = CURSOR.safeParse(data);
  if (!parsed.success) throw invalid("cursor: not a cursor this service issued");
  return { sort: parsed.data.s, after: { value: parsed.data.v, id: parsed.data.i } };
}

/** The whole list request: filters, sort, and where the page starts (offset or cursor). */
export function buildPageRequest(query: ListQuery): { request: PageRequest; sort: SortParam } {
  // A recording's parts are listed first to last unless another order is asked for.
  let sort = query.sort ?? (query.span ? "span" : DEFAULT_SORT);
  let after: Keyset | null = null;
  if (query.cursor !== undefined) {
    if (query.offset !== undefined) throw invalid("offset: give either offset or cursor, not both");
    const position = decodeCursor(query.cursor);
    if (query.sort !== undefined && query.sort !== position.sort) {
      throw invalid(
        `cursor: belongs to sort=${position.sort}; repeat that sort or start again without a cursor`,
      );
    }
    sort = position.sort;
    after = position.after;
  }
  return {
    sort,
    request: {
      filter: buildFilter(query),
      sort: toSort(sort),
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.offset ?? 0,
      after,
    },
  };
}
