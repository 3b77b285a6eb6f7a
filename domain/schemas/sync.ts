import { z } from "zod";
import { timestamp } from "./common.js";

export const SYNC_METHODS = ["timecode", "waveform", "both"] as const;
export const SYNC_STATES = ["proposed", "accepted", "rejected"] as const;

export const SYNC_CHANNEL = z.object({
  index: z.int().describe("The recorder's channel, from 1"),
  name: z.string().nullable().describe("Its name in the recorder's iXML track list, if any"),
});

/** A camera clip and the sound recorded apart for it. */
export const SYNC_PAIR = z
  .object({
    id: z.int(),
    camera_media_id: z.int(),
    sound_media_id: z.int(),
    channels: z.array(SYNC_CHANNEL),
    offset_samples: z
      .int()
      .describe(
        "Where the camera clip's first frame falls in the sound file, in samples at the sound file's rate; negative when the recorder started after the camera",
      ),
    sound_rate: z.int().describe("The sound file's samples per second that offset_samples counts"),
    offset_frames: z.number().describe("The same offset in camera frames (fractional)"),
    method: z.enum(SYNC_METHODS),
    confidence: z.number().min(0).max(1),
    state: z.enum(SYNC_STATES),
    reason: z.string().describe("Why svc claims this pair, or what disagrees (empty when nothing to say)"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "SyncPair" });
export type SyncPair = z.infer<typeof SYNC_PAIR>;

export const SYNC_PAIRS = z
  .object({
    items: z.array(SYNC_PAIR),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last"),
  })
  .meta({ id: "SyncPairList" });

export const SYNC_RUN_STATES = ["idle", "running", "done", "failed"] as const;

/** This service's last sync run, as it goes. */
export const SYNC_STATUS = z
  .object({
    state: z.enum(SYNC_RUN_STATES).describe("idle before this service's first run"),
    project: z.string().nullable(),
    dir: z
      .string()
      .nullable()
      .describe("The folder whose camera clips were synced; null for the whole project"),
    by: z.enum(SYNC_METHODS).nullable(),
    clips_total: z.int(),
    clips_done: z.int().describe("Clips looked at, synced or not"),
    pairs: z.int().describe("Pairs found (recorded, or kept where an editor had decided)"),
    unmatched: z.int().describe("Clips for which nothing was claimed; their reasons are kept"),
    failed: z.int().describe("Clips whose files could not be read; what an earlier run stored stays"),
    current: z.string().nullable().describe("The clip being synced now"),
    errors: z.array(z.object({ path: z.string(), reason: z.string() })).describe("The first failures"),
    unmatched_clips: z
      .array(z.object({ path: z.string(), reason: z.string() }))
      .describe("The first 100 clips for which nothing was claimed, and why"),
    error: z.string().nullable().describe("Why the whole run failed"),
    started_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
  })
  .meta({ id: "SyncStatus" });
export type SyncStatus = z.infer<typeof SYNC_STATUS>;
