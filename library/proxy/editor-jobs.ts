import { randomUUID } from "node:crypto";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { EditorProxyJob, EditorProxyJobList, ItemProxyView } from "../../domain/schemas/proxy.js";
import { onCpuQueue } from "../../pipeline/index.js";
import type { AppContext } from "../context.js";
import { type JobKind, type JobRunner, KEPT_JOBS } from "../jobs/runner.js";
import type { LibraryPool } from "../library-pool.js";
import { notFound } from "../media/ids.js";
import { findEditorProxy, makeEditorProxy, proxyKey } from "./editor.js";

/** Items one request may ask for: a day's cards; more is a job for several requests. */
export const MAX_PROXY_IDS = 1000;

export const EDITOR_PROXY_BODY = z.strictObject({
  ids: z
    .array(z.number().int().positive())
    .min(1, "give at least one media id")
    .max(MAX_PROXY_IDS, `at most ${MAX_PROXY_IDS} ids per request`),
  project: z.string().min(1).max(64).optional(),
});
export type EditorProxyRequest = z.infer<typeof EDITOR_PROXY_BODY>;

/**
 * Editor proxy work of one process. Items are encoded one after another per request (each encode
 * already uses every core) on the process-wide CPU queue; a proxy target is locked while it is
 * being made, so a second request for the same item (or for a same-stem file in the same folder)
 * waits and then finds the proxy there: one encode, never two writers. The runner's stop cancels
 * everything at shutdown, which kills the ffmpeg children.
 */
export class EditorProxies {
  private readonly encodes: JobKind<EditorProxyJob>;
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly libraries: LibraryPool,
    runner: JobRunner,
  ) {
    this.encodes = runner.register("editor-proxy", { keep: KEPT_JOBS });
  }

  /** Makes the proxies of `request.ids`, in order; resolves when every item has its result. */
  async run(
    request: EditorProxyRequest,
    hooks: { signal?: AbortSignal; onJob?: (job: EditorProxyJob) => void } = {},
  ): Promise<EditorProxyJob> {
    this.encodes.admit();
    const project = this.libraries.project(request.project);
    const store = this.libraries.library(request.project);
    const rows = request.ids.map((id) => store.media.get(id));
    const unknown = request.ids.filter((_, i) => !rows[i]);
    if (unknown.length > 0) {
      if (unknown.length === 1) throw notFound(unknown[0] as number);
      throw new UserError(`no media items ${unknown.slice(0, 10).join(", ")}`, EXIT.usage, 404);
    }
    const job: EditorProxyJob = {
      id: randomUUID(),
      project: project.name,
      state: "running",
      started_at: new Date().toISOString(),
      finished_at: null,
      total: rows.length,
      done: 0,
      current: null,
      results: [],
    };
    return this.encodes.start(
      job,
      async ({ signal }) => {
        for (const row of rows) {
          if (!row) continue;
          if (signal.aborted) {
            job.results.push({ id: row.id, status: "failed", reason: "cancelled before it started" });
            continue;
          }
          job.current = { media_id: row.id, encoded_s: 0, duration_s: row.duration_s };
          hooks.onJob?.(job);
          const result = await this.locked(proxyKey(store.paths.root, row), () =>
            makeEditorProxy(store, row, {
              ffmpeg: this.ctx.adapters.ffmpeg ? onCpuQueue(this.ctx.adapters.ffmpeg, this.ctx.queues) : null,
              maxHeight: this.ctx.config.editorProxyHeight,
              signal,
              onProgress: (encodedS) => {
                if (job.current) job.current.encoded_s = Math.round(encodedS * 10) / 10;
                hooks.onJob?.(job);
              },
            }),
          );
          job.results.push(result);
          job.done += 1;
          job.current = null;
          hooks.onJob?.(job);
        }
        job.state = signal.aborted ? "cancelled" : "done";
        job.finished_at = new Date().toISOString();
        return job;
      },
      { signal: hooks.signal },
    );
  }

  /** Jobs running and the last finished ones, newest first. */
  status(): EditorProxyJobList {
    return this.encodes.status();
  }

  /** Whether the item has an editor proxy, one is being made, or it cannot have one. */
  async item(project: string | undefined, id: number): Promise<ItemProxyView> {
    const store = this.libraries.library(project);
    const row = store.media.get(id);
    if (!row) throw notFound(id);
    if (row.kind !== "video") return { id, status: "not_applicable" };
    const path = await findEditorProxy(store, row);
    if (path) return { id, status: "exists", path };
    const busy = this.encodes
      .runs()
      .some((run) => run.state === "running" && run.record.current?.media_id === id);
    return { id, status: busy ? "encoding" : "none" };
  }

  /** Runs `work` once no other work holds `key`, holding it meanwhile. */
  private async locked<T>(key: string, work: () => Promise<T>): Promise<T> {
    while (this.locks.has(key)) await this.locks.get(key)?.catch(() => {});
    const held = work();
    this.locks.set(key, held);
    try {
      return await held;
    } finally {
      this.locks.delete(key);
    }
  }
}
