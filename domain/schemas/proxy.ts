import { z } from "zod";
import { nullableNumber, nullableString, timestamp } from "./common.js";

const EDITOR_PROXY_RESULT = z
  .object({
    id: z.int(),
    status: z.enum(["written", "skipped_exists", "failed"]),
    path: z.string().optional().describe("Relative to the project root"),
    reason: z.string().optional(),
  })
  .meta({ id: "EditorProxyResult" });
export type EditorProxyResult = z.infer<typeof EDITOR_PROXY_RESULT>;

export const EDITOR_PROXIES_DONE = z.object({ results: z.array(EDITOR_PROXY_RESULT) });

const EDITOR_PROXY_JOB = z.object({
  id: z.string(),
  project: z.string(),
  state: z.enum(["running", "done", "cancelled"]),
  started_at: timestamp,
  finished_at: nullableString,
  total: z.int(),
  done: z.int(),
  // The item being encoded and how far it is.
  current: z.object({ media_id: z.int(), encoded_s: z.number(), duration_s: nullableNumber }).nullable(),
  results: z.array(EDITOR_PROXY_RESULT),
});
export type EditorProxyJob = z.infer<typeof EDITOR_PROXY_JOB>;

export const EDITOR_PROXY_STATUS = z.object({ running: z.int(), jobs: z.array(EDITOR_PROXY_JOB) });
export type EditorProxyJobList = z.infer<typeof EDITOR_PROXY_STATUS>;

export const EDITOR_PROXY_ITEM = z.object({
  id: z.int(),
  status: z.enum(["exists", "encoding", "none", "not_applicable"]),
  path: z.string().optional().describe("Relative to the project root"),
});
export type ItemProxyView = z.infer<typeof EDITOR_PROXY_ITEM>;
