import { homedir } from "node:os";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { claimSlot, describeHolder, SlotBusyError, type SlotLease } from "../jobs/slots.js";
import { DEFAULT_HASH, HASH_FORMATS, type HashFormat } from "./hash.js";
import { type OffloadPlan, OffloadRefused, prepareOffload } from "./prepare.js";
import { apiSourceRoots } from "./sources.js";

/** Destinations one offload may write: a DIT copies to two or three. */
export const MAX_DESTS = 8;

/** The API body of POST /api/offload; paths are checked by prepareOffload, not by shape alone. */
export const OFFLOAD_BODY = z.strictObject({
  source: z
    .string()
    .max(4096)
    .describe(
      "Absolute path of the card: below a card mount root, in a registered project or in an SVC_OFFLOAD_SOURCES folder",
    ),
  dests: z
    .array(z.string().max(4096))
    .min(1, "give at least one destination")
    .max(MAX_DESTS, `at most ${MAX_DESTS} destinations`),
  hash: z.enum(HASH_FORMATS).optional(),
  verify: z.boolean().optional(),
});

export interface OffloadRequest {
  source: string;
  dests: string[];
  hash?: HashFormat | undefined;
  verify?: boolean | undefined;
  resume?: boolean | undefined;
}

/**
 * Whose choice the source is: `api` — a token holder's, so it must lie where sources.ts allows;
 * `trusted` — the CLI's user (reading with their own rights) or card watching (a volume it found
 * under a mount root), taken as given.
 */
export type SourceAccess = "api" | "trusted";

export interface StartedOffload {
  plan: OffloadPlan;
  lease: SlotLease;
  hash: HashFormat;
  verify: boolean;
}

/**
 * Checks an offload request and takes the single-flight slot of its source (shared by the CLI,
 * the API and card watching, across processes): a second offload of the same card is refused
 * with 409 naming the first.
 */
export async function startOffload(
  ctx: AppContext,
  request: OffloadRequest,
  holder: string,
  access: SourceAccess,
  signal?: AbortSignal,
): Promise<StartedOffload> {
  const plan = await prepareOffload(
    request,
    { home: homedir(), svcHome: ctx.config.home },
    signal,
    access === "api" ? apiSourceRoots(ctx) : undefined,
  );
  let lease: SlotLease;
  try {
    lease = claimSlot(ctx.registry, `offload:${plan.source}`, holder);
  } catch (error) {
    if (error instanceof SlotBusyError)
      throw new OffloadRefused(
        `this source is already being offloaded by ${describeHolder(error.heldBy)}`,
        409,
      );
    throw error;
  }
  return { plan, lease, hash: request.hash ?? DEFAULT_HASH, verify: request.verify !== false };
}
