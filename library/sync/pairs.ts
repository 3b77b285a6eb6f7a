import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import { SYNC_STATES, type SyncPair } from "../../domain/schemas/sync.js";
import { nudgeSamples, offsetFrames } from "../../domain/sync/timecode.js";
import type { FrameRate } from "../../formats/timecode.js";
import type { SyncPairRow } from "../../state/repos/sync-pairs.js";
import type { LibraryStore } from "../../state/stores.js";
import { clipRate } from "./media.js";

/** A camera clip without a known rate counts its frames at 25 fps, as svc's timelines fall back to. */
const FALLBACK_RATE: FrameRate = { num: 25, den: 1 };
/** One nudge moves the sound by at most this many camera frames either way. */
export const MAX_NUDGE_FRAMES = 1000;
/** Sound placed further than a day from the picture is nonsense, not an offset. */
const MAX_OFFSET_S = 86_400;
const MAX_PAGE = 500;

const invalid = (message: string) => new UserError(message, EXIT.usage, 422);

export const SYNC_PAIRS_QUERY = z.object({
  state: z.enum(SYNC_STATES).optional(),
  media_id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "expected a positive whole number")
    .transform(Number)
    .optional(),
  cursor: z.string().max(64, "not a cursor this service issued").optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, "expected a whole number")
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_PAGE, `from 1 to ${MAX_PAGE}`)
    .optional(),
});
export type SyncPairsQuery = z.infer<typeof SYNC_PAIRS_QUERY>;

export const SYNC_PAIR_PATCH = z
  .strictObject({
    state: z.enum(SYNC_STATES).optional(),
    nudge_frames: z
      .number()
      .min(-MAX_NUDGE_FRAMES, `at least -${MAX_NUDGE_FRAMES}`)
      .max(MAX_NUDGE_FRAMES, `at most ${MAX_NUDGE_FRAMES}`)
      .optional()
      .describe("Moves the sound this many camera frames later in the picture (fractions allowed)"),
  })
  .refine(
    (patch) => patch.state !== undefined || patch.nudge_frames !== undefined,
    "give state or nudge_frames",
  );
export type SyncPairPatch = z.infer<typeof SYNC_PAIR_PATCH>;

const encodeCursor = (afterId: number) => Buffer.from(`p${afterId}`).toString("base64url");

function decodeCursor(cursor: string): number {
  const match = /^p([1-9]\d{0,14})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw invalid("cursor: not a cursor this service issued");
  return Number(match[1]);
}

function cameraRate(store: LibraryStore, cameraId: number): FrameRate {
  const row = store.media.get(cameraId);
  return (row && clipRate(row)) ?? FALLBACK_RATE;
}

/** A stored pair as the API answers it, with the offset in the camera's frames. */
export function pairAnswer(row: SyncPairRow, rate: FrameRate): SyncPair {
  let channels: SyncPair["channels"] = [];
  try {
    channels = JSON.parse(row.channels_json) as SyncPair["channels"];
  } catch {
    channels = [];
  }
  return {
    id: row.id,
    camera_media_id: row.camera_media_id,
    sound_media_id: row.sound_media_id,
    channels,
    offset_samples: row.offset_samples,
    sound_rate: row.sound_rate,
    offset_frames: Math.round(offsetFrames(row.offset_samples, row.sound_rate, rate) * 1000) / 1000,
    method: row.method,
    confidence: row.confidence,
    state: row.state,
    reason: row.reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const answers = (store: LibraryStore, rows: readonly SyncPairRow[]): SyncPair[] => {
  const rates = new Map<number, FrameRate>();
  return rows.map((row) => {
    let rate = rates.get(row.camera_media_id);
    if (!rate) {
      rate = cameraRate(store, row.camera_media_id);
      rates.set(row.camera_media_id, rate);
    }
    return pairAnswer(row, rate);
  });
};

/** `GET /api/sync/pairs`: pairs in id order, a page at a time. */
export function listSyncPairs(
  store: LibraryStore,
  query: SyncPairsQuery,
): { items: SyncPair[]; next_cursor: string | null } {
  const limit = query.limit ?? 100;
  const rows = store.sync.list({
    state: query.state,
    mediaId: query.media_id,
    afterId: query.cursor === undefined ? 0 : decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: answers(store, page),
    next_cursor: rows.length > limit && last ? encodeCursor(last.id) : null,
  };
}

/** The pairs an item is the camera or the sound of, for its detail. */
export function syncOfItem(store: LibraryStore, mediaId: number): SyncPair[] {
  return answers(store, store.sync.list({ mediaId, limit: MAX_PAGE }));
}

/**
 * `PATCH /api/sync/pairs/{id}`: an editor accepts or rejects a pair, or nudges its sound by camera
 * frames (rounded to the sound's samples). 404 for no such pair; 422 when the nudge would place
 * the sound more than a day away.
 */
export function patchSyncPair(store: LibraryStore, id: number, patch: SyncPairPatch): SyncPair {
  const row = store.sync.get(id);
  if (!row) throw new UserError(`no sync pair ${id}`, EXIT.usage, 404);
  const rate = cameraRate(store, row.camera_media_id);
  const nudge = patch.nudge_frames === undefined ? 0 : nudgeSamples(patch.nudge_frames, row.sound_rate, rate);
  const updated = store.sync.update(
    id,
    { ...(patch.state ? { state: patch.state } : {}), offset_samples: row.offset_samples + nudge },
    (merged) => {
      if (Math.abs(merged.offset_samples) > MAX_OFFSET_S * merged.sound_rate)
        throw invalid("nudge_frames: the sound would be placed more than a day from the picture");
    },
  );
  if (!updated) throw new UserError(`no sync pair ${id}`, EXIT.usage, 404);
  return pairAnswer(updated, rate);
}
