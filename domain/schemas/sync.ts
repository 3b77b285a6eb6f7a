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
