import { z } from "zod";
import { nullableNumber, nullableString, timestamp } from "./common.js";

/** Progress of one destination; named by its folder's name only (no absolute paths leave). */
const DEST_PROGRESS = z.object({
  name: z.string(),
  files_total: z.int(),
  files_done: z.int(),
  bytes_done: z.int(),
  failed: z.int(),
  copy_mib_s: nullableNumber,
});
export type DestProgress = z.infer<typeof DEST_PROGRESS>;

const OFFLOAD_JOB = z
  .object({
    id: z.string(),
    kind: z.literal("offload"),
    state: z.enum(["running", "done", "failed", "interrupted"]),
    source: z.string().describe("The card folder's name only"),
    hash: z.string(),
    verify: z.boolean(),
    started_at: timestamp,
    finished_at: nullableString,
    dests: z.array(DEST_PROGRESS),
    error: z.string().optional(),
  })
  .meta({ id: "OffloadJob" });
export type OffloadJob = z.infer<typeof OFFLOAD_JOB>;

export const OFFLOAD_STARTED = z.object({ job: OFFLOAD_JOB });
export const OFFLOAD_STATUS = z.object({ running: z.int(), jobs: z.array(OFFLOAD_JOB) });
export type OffloadJobList = z.infer<typeof OFFLOAD_STATUS>;
