import { parseArgs } from "node:util";
import { EXIT } from "../domain/errors.js";
import type { EditorProxyJob } from "../domain/schemas/proxy.js";
import { idList } from "../library/export/timeline.js";
import { JobRunner } from "../library/jobs/runner.js";
import { LibraryPool } from "../library/library-pool.js";
import { ensureProjectRoot } from "../library/organise/projects.js";
import { EditorProxies, MAX_PROXY_IDS } from "../library/proxy/editor-jobs.js";
import { stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";
import { createProgressBar } from "./progress.js";

export const PROXY_USAGE =
  "usage: svc proxy editor --ids 1,2,3 [--project P] [--progress json]\n" +
  "       ProRes 422 Proxy files in Proxy/ beside each source (the same work as POST /api/proxy/editor)";

const OPTIONS = {
  ids: { type: "string" },
  project: { type: "string" },
  progress: { type: "string" },
} as const;

// At most this often a running encode reports how far it is.
const PROGRESS_EVERY_MS = 1000;

/**
 * `svc proxy editor`: the API's editor proxy function on this machine. Each result is printed
 * (JSON lines with `--progress json`: a `file` event while an item encodes and when it ends, and
 * one `summary`); exit 0 when every item has a proxy, 1 when some failed, 2 for a usage error.
 */
export async function proxyCommand(argv: string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  let values: { [K in keyof typeof OPTIONS]?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    fail(io, `${(error as Error).message}\n${PROXY_USAGE}`);
    return EXIT.usage;
  }
  if (action !== "editor") {
    fail(io, PROXY_USAGE);
    return EXIT.usage;
  }
  if (values.progress !== undefined && values.progress !== "json") {
    fail(io, `--progress takes json (got "${values.progress.slice(0, 20)}")`);
    return EXIT.usage;
  }
  const ids = idList(MAX_PROXY_IDS).safeParse(values.ids ?? "");
  if (!ids.success) {
    fail(io, `--ids: ${ids.error.issues[0]?.message ?? "invalid"}\n${PROXY_USAGE}`);
    return EXIT.usage;
  }
  const json = values.progress === "json";
  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    if (ctx.config.projectRoot) await ensureProjectRoot(ctx, ctx.config.projectRoot);
    const libraries = new LibraryPool(ctx);
    const runner = new JobRunner(ctx.log);
    await ctx.hosts.acquire(libraries.project(values.project).root);
    const proxies = new EditorProxies(ctx, libraries, runner);
    const signals = stopSignals();
    const bar = createProgressBar(io);
    bar.start(ids.data.length);
    let reported = 0;
    let lastEncoding = 0;
    const emit = (event: Record<string, unknown>) => io.stdout.write(`${JSON.stringify(event)}\n`);
    const onJob = (job: EditorProxyJob) => {
      for (const result of job.results.slice(reported)) {
        bar.tick(result.path ?? `item ${result.id}`);
        if (json) emit({ event: "file", ...result });
      }
      reported = job.results.length;
      const now = Date.now();
      if (json && job.current && now - lastEncoding >= PROGRESS_EVERY_MS) {
        lastEncoding = now;
        const { media_id, encoded_s, duration_s } = job.current;
        emit({ event: "file", id: media_id, status: "encoding", encoded_s, duration_s });
      }
    };
    try {
      const job = await proxies.run(
        { ids: ids.data, project: values.project },
        { signal: signals.signal, onJob },
      );
      bar.finish();
      const count = (status: string) => job.results.filter((r) => r.status === status).length;
      const summary = {
        files: job.results.length,
        written: count("written"),
        skipped_exists: count("skipped_exists"),
        failed: count("failed"),
      };
      if (json) emit({ event: "summary", ...summary });
      else {
        for (const r of job.results) io.stdout.write(`${r.id}\t${r.status}\t${r.path ?? r.reason ?? ""}\n`);
        io.stdout.write(
          `written ${summary.written}, already there ${summary.skipped_exists}, failed ${summary.failed}\n`,
        );
      }
      if (job.state === "cancelled") {
        fail(io, "interrupted: the proxy being encoded was removed; run again to finish the rest");
        return EXIT.interrupted;
      }
      return summary.failed > 0 ? EXIT.partial : EXIT.ok;
    } finally {
      bar.finish();
      signals.dispose();
      await runner.stop();
      libraries.closeAll();
    }
  });
}
