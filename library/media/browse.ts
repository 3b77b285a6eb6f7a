import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type {
  AnalysedScenes,
  MediaDetail,
  Scene,
  Segment,
  ShootDateFacets,
  TranscriptEntry,
} from "../../domain/schemas/media.js";
import type { MediaPage } from "../../domain/schemas/search.js";
import { parseJsonColumn, readJsonColumn } from "../../state/json-column.js";
import type { Logger } from "../../state/logger.js";
import { MediaSearchRepo } from "../../state/repos/media-search.js";
import { VISION_FIELDS } from "../../state/repos/scenes.js";
import type { LibraryStore } from "../../state/stores.js";
import { itemMarks } from "../editorial/marks.js";
import { syncOfItem } from "../sync/pairs.js";
import { requireItem } from "./ids.js";
import { buildPageRequest, encodeCursor, type ListQuery } from "./query.js";
import { type Links, mediaItem, sceneView } from "./view.js";

/** `GET /api/media`: one page of the filtered, sorted library. */
export function listMedia(store: LibraryStore, query: ListQuery, links: Links): MediaPage {
  const { request, sort } = buildPageRequest(query);
  const page = store.search.page(request);
  const last = page.rows.at(-1);
  return {
    items: page.rows.map((row) => mediaItem(row, page.tags.get(row.id) ?? [], links)),
    total: page.total,
    limit: request.limit,
    offset: page.skipped,
    next_cursor:
      page.more && last
        ? encodeCursor(sort, { value: MediaSearchRepo.sortValue(last, request.sort.key), id: last.id })
        : null,
  };
}

export const RECENT_LIMIT = { default: 20, max: 100 } as const;

/** The items ingested last, newest first; `limit` is capped rather than refused. */
export function recentMedia(
  store: LibraryStore,
  options: { limit?: number; type?: ListQuery["type"] },
  links: Links,
): MediaPage {
  const limit = Math.min(options.limit ?? RECENT_LIMIT.default, RECENT_LIMIT.max);
  return listMedia(store, { sort: "-created", limit, type: options.type }, links);
}

/** `GET /api/media/{id}`: the item plus its segment timing (never its word timing). */
export function getMedia(store: LibraryStore, id: number, links: Links): MediaDetail {
  const row = requireItem(store, id);
  return {
    ...mediaItem(row, store.tags.forMedia(id), links),
    segments_json: row.segments_json,
    ...itemMarks(store, id),
    sync: syncOfItem(store, id),
  };
}

/** Items per shoot year and per shoot day, plus those without a known day; both sum to `total`. */
export function shootDateFacets(store: LibraryStore): ShootDateFacets {
  const days: ShootDateFacets["days"] = [];
  const years = new Map<number, number>();
  let unknown = 0;
  for (const { day, count } of store.search.dayCounts()) {
    if (day === null) {
      unknown += count;
      continue;
    }
    days.push({ date: day, count });
    const year = Number(day.slice(0, 4));
    years.set(year, (years.get(year) ?? 0) + count);
  }
  const total = unknown + days.reduce((sum, d) => sum + d.count, 0);
  return {
    total,
    unknown,
    years: [...years].map(([year, count]) => ({ year, count })),
    days,
  };
}

const STORED_SEGMENTS = z.array(
  z.object({
    start: z.number(),
    end: z.number(),
    text: z.string(),
    speaker_id: z.union([z.string(), z.number()]).nullish(),
  }),
);

/**
 * The stored segment column as `{start, end, text}` (+ speaker_id when labelled). A column that is
 * not valid JSON or not a list of segments is treated as no segments, with a warning: one damaged
 * row must not break the transcript view.
 */
export function readSegments(json: string | null, mediaId: number, log: Logger): Segment[] {
  const column = parseJsonColumn(json, STORED_SEGMENTS);
  if (!column.ok) {
    if (column.problem !== "empty")
      log.warn(
        { media_id: mediaId, problem: column.problem },
        "segments_json is damaged; serving no segments",
      );
    return [];
  }
  return column.value.map(({ start, end, text, speaker_id }) =>
    speaker_id === null || speaker_id === undefined ? { start, end, text } : { start, end, text, speaker_id },
  );
}

/** `GET /api/media/{id}/segments`. */
export function mediaSegments(store: LibraryStore, id: number, log: Logger): Segment[] {
  const row = requireItem(store, id);
  return readSegments(row.segments_json, id, log);
}

/** `GET /api/media/{id}/scenes`: one object per scene, in order. */
export function mediaScenes(store: LibraryStore, id: number, links: Links): Scene[] {
  requireItem(store, id);
  return store.scenes.forMedia(id).map((scene) => sceneView(scene, links));
}

/**
 * An item's scenes as the MCP surface lists them: only once the vision stage has described at
 * least one of them (SPEC.md: a clip without vision analysis gives total 0).
 */
export function analysedScenes(store: LibraryStore, id: number, links: Links): AnalysedScenes {
  const scenes = mediaScenes(store, id, links);
  const analysed = scenes.some(
    (scene) => scene.description !== null || VISION_FIELDS.some((field) => scene[field] !== null),
  );
  return analysed ? { scenes, total: scenes.length } : { scenes: [], total: 0 };
}

function countSegments(json: string | null): number {
  return readJsonColumn(json, z.array(z.unknown()), []).length;
}

/**
 * `GET /api/media/{id}/transcripts`: every archived language, the active one marked. An item
 * whose transcript predates the archive lists that transcript alone, as active.
 */
export function mediaTranscripts(store: LibraryStore, id: number): TranscriptEntry[] {
  const row = requireItem(store, id);
  const archived = store.transcripts.forMedia(id);
  if (archived.length === 0) {
    if (row.transcript === null || row.transcript.trim() === "") return [];
    return [
      {
        language: row.language,
        active: true,
        text: row.transcript,
        segments: countSegments(row.segments_json),
        backend: null,
        created_at: null,
      },
    ];
  }
  return archived.map((t) => ({
    language: t.language,
    active: t.language === row.language && t.text === row.transcript,
    text: t.text,
    segments: countSegments(t.segments_json),
    backend: t.backend,
    created_at: t.created_at,
  }));
}

export const ACTIVATE_BODY = z.strictObject({
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$|^und$/, "expected a language code such as en or pt-BR"),
});

/**
 * `POST /api/media/{id}/transcript/activate`: an archived language becomes the transcript that is
 * shown, searched and exported; the changed text makes the item's embeddings stale.
 */
export function activateTranscript(store: LibraryStore, id: number, language: string): TranscriptEntry[] {
  requireItem(store, id);
  if (!store.transcripts.get(id, language)) {
    throw new UserError(
      `item ${id} has no transcript in language "${language.slice(0, 16)}"`,
      EXIT.usage,
      404,
    );
  }
  store.transcripts.activate(id, language);
  return mediaTranscripts(store, id);
}
