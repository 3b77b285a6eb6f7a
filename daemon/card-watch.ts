import { homedir } from "node:os";
import { basename, join } from "node:path";
import { EXIT, UserError } from "../domain/errors.js";
import type { AppContext } from "../library/context.js";
import type { JobRunner } from "../library/jobs/runner.js";
import { listVolumes, looksLikeCard, MountTracker } from "../library/offload/cards.js";
import { checkDestination } from "../library/offload/deny-list.js";
import type { OffloadJobs } from "../library/offload/jobs.js";

/** How often the mount roots are listed: a card is noticed within this long. */
export const CARD_POLL_MS = 2000;

/** A startup error naming the variable when an SVC_OFFLOAD_DESTS folder is denied. */
export function checkCardDests(ctx: AppContext): void {
  for (const dest of ctx.config.offloadDests) {
    const verdict = checkDestination(dest, { home: homedir(), svcHome: ctx.config.home });
    if (!verdict.ok) throw new UserError(`SVC_OFFLOAD_DESTS: ${verdict.reason}`, EXIT.usage);
  }
}

/**
 * Cards that arrive by themselves (SVC_OFFLOAD_DESTS set): polls the mount roots, and offloads
 * each newly mounted volume that looks like a camera card to DEST/<volume name> on every
 * destination. The volumes mounted at start are the baseline. The polls end with the runner.
 */
export function watchCards(ctx: AppContext, offloads: OffloadJobs, runner: JobRunner): void {
  const { offloadDests, cardMountRoots } = ctx.config;
  if (offloadDests.length === 0) return;
  const log = ctx.log.child({ component: "card watch" });
  const tracker = new MountTracker();
  runner.every("card watch", CARD_POLL_MS, async () => {
    for (const volume of tracker.update(await listVolumes(cardMountRoots))) {
      const name = basename(volume);
      if (!(await looksLikeCard(volume))) {
        log.info({ volume: name }, "new volume is not a camera card; not offloaded");
        continue;
      }
      try {
        const job = await offloads.start(
          { source: volume, dests: offloadDests.map((d) => join(d, name)) },
          `card watch (${name})`,
          "trusted",
        );
        log.info({ volume: name, job: job.id }, "card offload started");
      } catch (error) {
        log.warn({ volume: name, reason: (error as Error).message }, "card not offloaded");
      }
    }
  });
  log.info({ roots: cardMountRoots.length, dests: offloadDests.length }, "watching for camera cards");
}
