import type { AppContext } from "../library/context.js";
import {
  type ModelStage,
  modelOf,
  pulledModels,
  waitingPage,
  waitingStages,
} from "../library/jobs/model-waits.js";
import type { JobRunner } from "../library/jobs/runner.js";
import type { IngestQueue } from "./ingest-queue.js";

/** Items handed to one resume pass: the pass holds only these, whatever the library's size. */
export const RESUME_PAGE = 500;

/**
 * Items that wait for a model the model host lacks. Every `lookMs` the waiting items' index is
 * looked at per project and, only when some wait, the host is asked once which models it has.
 * A model that was not there at the last look and is now resumes exactly the items waiting for
 * it, a page at a time through the ingest queue, each page once the last one's pass is over.
 * Nothing proportional to the library is held meanwhile, and the library is never walked.
 */
export class ModelWaits {
  /** Whether each model was there at the last look (absent: not asked yet). */
  private readonly present = new Map<string, boolean>();

  constructor(
    private readonly ctx: AppContext,
    private readonly queue: IngestQueue,
    private readonly watched: () => { root: string; name: string }[],
  ) {}

  /** Looks every `lookMs` until the runner stops; a look still resuming items skips the next. */
  start(runner: JobRunner, lookMs: number): void {
    runner.every("model-waits", lookMs, () => this.look(runner.signal));
  }

  private async look(signal: AbortSignal): Promise<void> {
    const waiting = new Map<string, ModelStage[]>();
    for (const { root } of this.watched()) {
      const stages = waitingStages(root);
      if (stages.length > 0) waiting.set(root, stages);
    }
    if (waiting.size === 0) return;
    const models = [...new Set([...waiting.values()].flat().map((stage) => modelOf(this.ctx, stage)))];
    const pulled = await pulledModels(this.ctx, models, signal);
    if (pulled === null) return;
    const appeared = new Set(models.filter((m) => pulled.has(m) && this.present.get(m) !== true));
    for (const model of models) this.present.set(model, pulled.has(model));
    for (const { root, name } of this.watched()) {
      const stages = (waiting.get(root) ?? []).filter((stage) => appeared.has(modelOf(this.ctx, stage)));
      if (stages.length > 0) await this.resume(root, name, stages, signal);
    }
  }

  /** Hands the items waiting for `stages` to the ingest queue, a page per pass. */
  private async resume(root: string, name: string, stages: ModelStage[], signal: AbortSignal): Promise<void> {
    const log = this.ctx.log.child({ project: name });
    log.info({ stages }, "a model items wait for is on the model host now; resuming them");
    let items = 0;
    // A stage at a time, in the order of its index; an item resumed at vision runs on through
    // embed, so it is no longer waiting when the embed pages come.
    for (const stage of stages) {
      let afterId = 0;
      while (!signal.aborted) {
        const page = waitingPage(root, stage, afterId, RESUME_PAGE);
        if (page.paths.length === 0) break;
        afterId = page.lastId;
        items += page.paths.length;
        this.queue.addFiles(root, page.paths);
        await this.queue.settled(root);
      }
    }
    if (!signal.aborted) log.info({ stages, items }, "items that waited for a model were resumed");
  }
}
