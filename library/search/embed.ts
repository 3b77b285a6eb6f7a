import { setImmediate as yieldToEvents } from "node:timers/promises";
import { deadline } from "../../adapters/deadline.js";
import { pullHint } from "../../adapters/modelhost.js";
import { mountedStorage } from "../../adapters/mount-table.js";
import type { Freshness } from "../../domain/embedding-plan.js";
import { EXIT, UserError } from "../../domain/errors.js";
import type { EmbedStatus } from "../../domain/schemas/system.js";
import { embedItems, planEmbedding } from "../../pipeline/index.js";
import type { EmbedState } from "../../state/repos/totals.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { claimIngestSlot } from "../jobs/slots.js";
import { type IndexReader, indexStamp, openVectorSink } from "./vector-index.js";

/** Counts per freshness category; null means "not looked at", 0 means "looked, none". */
export type FreshnessCounts = Record<Freshness, number | null>;

export interface DriftReport {
  sampled: number;
  min_similarity: number | null;
  warning: string | null;
}

export interface EmbedReport {
  model: string;
  checked: boolean;
  counts: FreshnessCounts;
  embedded: number;
  failed: { id: number; reason: string }[];
  vectors: number;
  indexed: number;
  drift: DriftReport;
}

// Recomputed vectors of an unchanged model agree to float rounding; below this the model changed.
export const DRIFT_THRESHOLD = 0.999;
const DRIFT_SAMPLE = 3;
// Items whose texts travel in one request to the model host (about four texts an item).
const ITEMS_PER_REQUEST = 8;
// A freshness run never holds a project's slot for longer than this.
const REFRESH_LIMIT_MS = 20 * 60_000;

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * Re-embeds the stored text of a few unchanged items and compares with their stored vectors: a
 * model replaced under the same name shows up as similarity below 0.999.
 */
async function driftCheck(ctx: AppContext, store: LibraryStore, signal: AbortSignal): Promise<DriftReport> {
  const model = ctx.config.models.embed;
  const picked = store.vectors
    .sample(model, DRIFT_SAMPLE * 4)
    .map((v) => ({ ...v, plan: planEmbedding({ store, config: ctx.config }, v.media_id, false) }))
    .filter((v) => v.plan.freshness === "unchanged")
    .slice(0, DRIFT_SAMPLE);
  if (picked.length === 0) return { sampled: 0, min_similarity: null, warning: null };
  const texts = picked.map((v) => v.plan.texts[0]?.text ?? "");
  const fresh = await ctx.adapters.modelHost.embed(model, texts, { signal });
  const similarities = picked.map((v, i) => cosine(v.vector, fresh[i] ?? new Float32Array()));
  const min = Math.min(...similarities);
  const warning =
    min < DRIFT_THRESHOLD
      ? `embedding drift: recomputed vectors of "${model}" differ from the stored ones (cosine ${min.toFixed(4)} < ${DRIFT_THRESHOLD}); the model changed, run \`svc embed --rebuild\``
      : null;
  return { sampled: picked.length, min_similarity: Math.round(min * 1e6) / 1e6, warning };
}

/**
 * The index builder (`svc embed`): brings every item's vectors up to date with its text, then
 * checks for model drift. `rebuild` re-embeds everything. Runs in the project's ingest slot.
 * The index is opened (and rebuilt from the stored vectors when its file is missing or damaged)
 * even when nothing needs embedding, unless `lazyIndex`: the daemon's freshness run opens it only
 * to store a vector, so a run that finds everything fresh loads no second copy of it (a damaged
 * file is rebuilt when a search finds it so).
 */
export async function buildEmbeddings(
  ctx: AppContext,
  root: string,
  options: { rebuild: boolean; signal: AbortSignal; holder: string; lazyIndex?: boolean },
): Promise<EmbedReport> {
  const model = ctx.config.models.embed;
  const status = await ctx.adapters.modelHost.status([model], options.signal);
  if (!status.reachable)
    throw new UserError(
      `the model host is not reachable at ${ctx.adapters.modelHost.host} (SVC_MODEL_HOSTS, else OLLAMA_HOST)`,
      EXIT.usage,
      503,
    );
  if (!status.pulled[model]) throw new UserError(pullHint(model), EXIT.usage, 503);
  const lease = claimIngestSlot(ctx, root, options.holder);
  // Stops at once when this svc loses the project's host lease or cannot renew it.
  const signal = ctx.hosts.fence(root, options.signal);
  const store = openLibrary(root, { mounts: mountedStorage });
  try {
    const counts: FreshnessCounts = { new: 0, stale: 0, unverified: 0, forced: 0, unchanged: 0 };
    const failed: EmbedReport["failed"] = [];
    // Vectors of an earlier model never share an index with the current one.
    if (store.vectors.removeOtherModels(model) > 0)
      ctx.log.info({ model }, "vectors of another embedding model removed; rebuilding the index");
    let dim = store.vectors.counts(model).dim;
    if (options.rebuild) {
      // Only an explicit rebuild may accept a new dimension under the same model name.
      const probe = await ctx.adapters.modelHost.embed(model, ["svc"], { signal });
      const probed = probe[0]?.length ?? null;
      if (dim !== null && probed !== dim) {
        store.vectors.removeModel(model);
        ctx.log.warn(
          { model, from: dim, to: probed },
          "the embedding model changed dimension; re-embedding all",
        );
      }
      dim = probed;
    }
    const sink = openVectorSink(ctx.vectorThreads, root, model, ctx.log);
    let embedded = 0;
    try {
      if (!options.lazyIndex) await sink.ready();
      const ids = store.media.embeddableIds();
      for (let at = 0; at < ids.length; at += ITEMS_PER_REQUEST) {
        signal.throwIfAborted();
        const results = await embedItems(
          { store, config: ctx.config, adapters: ctx.adapters, vectors: sink },
          ids.slice(at, at + ITEMS_PER_REQUEST),
          { force: options.rebuild, signal, expectedDim: dim },
        );
        for (const result of results) {
          if ("error" in result) {
            failed.push({ id: result.id, reason: result.error.message.slice(0, 300) });
            continue;
          }
          counts[result.outcome.freshness] = (counts[result.outcome.freshness] ?? 0) + 1;
          if (result.outcome.freshness !== "unchanged") embedded += 1;
        }
      }
    } finally {
      await sink.flush();
    }
    // The items just embedded are planned here, off the request path, so the status route
    // finds nothing left to plan after a build.
    while (planChanged(ctx, store) > 0) {
      signal.throwIfAborted();
      await yieldToEvents();
    }
    const drift = await driftCheck(ctx, store, signal);
    if (drift.warning) ctx.log.warn({ min_similarity: drift.min_similarity }, drift.warning);
    const stamp = indexStamp(store, model);
    return {
      model,
      checked: true,
      counts,
      embedded,
      failed,
      vectors: stamp?.count ?? 0,
      indexed: stamp?.count ?? 0,
      drift,
    };
  } finally {
    store.close();
    lease.release();
  }
}

/**
 * Records the freshness of one batch of items changed since they were last planned (or planned
 * for another model); returns how many, 0 when none are left.
 */
function planChanged(ctx: AppContext, store: LibraryStore): number {
  const deps = { store, config: ctx.config };
  // Without force a plan is never "forced", so it is one of the states the database keeps.
  return store.totals.planEmbeds(
    ctx.config.models.embed,
    (id) => planEmbedding(deps, id, false).freshness as EmbedState,
  );
}

/**
 * `GET /api/embed/status`: what the builder would do now, without embedding anything. The
 * database keeps each item's freshness; only items changed since the last look (or planned for
 * another model) are planned here, so a request costs the changes, not the library.
 */
export async function embedStatus(
  ctx: AppContext,
  store: LibraryStore,
  reader: IndexReader,
): Promise<EmbedStatus> {
  const model = ctx.config.models.embed;
  let rows = store.totals.embedCounts();
  const unplanned = () => rows.some((r) => r.state === "" || (r.model !== "" && r.model !== model));
  // Items changed by a pass while this runs are unplanned again: plan until none are left.
  while (unplanned() && planChanged(ctx, store) > 0) {
    await yieldToEvents();
    rows = store.totals.embedCounts();
  }
  const counts: FreshnessCounts = { new: 0, stale: 0, unverified: 0, forced: 0, unchanged: 0 };
  for (const row of rows)
    if (row.state !== "" && (row.model === "" || row.model === model))
      counts[row.state] = (counts[row.state] ?? 0) + row.n;
  const stored = store.totals.vectorCount(model);
  const index = await reader.current();
  return {
    model,
    checked: true,
    awaiting: (counts.new ?? 0) + (counts.stale ?? 0) + (counts.unverified ?? 0),
    counts,
    vectors: stored,
    scalar: index?.scalar ?? null,
    not_indexed: Math.max(0, stored - (index?.size() ?? 0)),
  };
}

/**
 * The daemon's periodic freshness run: each project's builder pass, skipped quietly when the model
 * host is away or another job holds the project's slot (the next run tries again). `stop` (the
 * daemon's shutdown) ends it at once, so a stalled model host cannot hold a stopping daemon.
 */
export async function refreshEmbeddings(
  ctx: AppContext,
  projects: readonly { root: string; name: string }[],
  stop?: AbortSignal,
): Promise<void> {
  for (const project of projects) {
    if (stop?.aborted) return;
    const limit = deadline(REFRESH_LIMIT_MS, stop);
    try {
      const report = await buildEmbeddings(ctx, project.root, {
        rebuild: false,
        signal: limit.signal,
        holder: "embed freshness (daemon)",
        lazyIndex: true,
      });
      if (report.embedded > 0 || report.failed.length > 0)
        ctx.log.info(
          { project: project.name, embedded: report.embedded, failed: report.failed.length },
          "embeddings refreshed",
        );
    } catch (error) {
      if (stop?.aborted) return;
      // A taken slot or an absent model host is a reason to skip this round, not a fault.
      if (error instanceof UserError)
        ctx.log.info({ project: project.name, reason: error.message }, "embed freshness skipped");
      else ctx.log.error({ project: project.name, err: error }, "embed freshness failed");
    } finally {
      limit.clear();
    }
  }
}
