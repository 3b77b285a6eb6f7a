import { parseArgs } from "node:util";
import { EXIT } from "../domain/errors.js";
import type { SyncMode } from "../domain/sync/decide.js";
import { LibraryPool } from "../library/library-pool.js";
import { ensureProjectRoot } from "../library/organise/projects.js";
import { prepareSync, syncProject } from "../library/sync/job.js";
import type { SyncEvent } from "../library/sync/run.js";
import { stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";
import { createProgressBar } from "./progress.js";

export const SYNC_USAGE =
  "usage: svc sync [--dir D] [--by timecode|waveform|both] [--project P] [--progress json]";

const MODES: readonly string[] = ["timecode", "waveform", "both"];

/**
 * `svc sync`: camera clips synced to the sound recorded apart, in the project's ingest slot.
 * Exit 0 when every clip was looked at, 1 when some could not be read, 2 for usage, 75 when an
 * ingest or another sync holds the slot.
 */
export async function syncCommand(argv: string[], io: Io): Promise<number> {
  let values: ReturnType<typeof parse>["values"];
  try {
    ({ values } = parse(argv));
  } catch (error) {
    fail(io, `${(error as Error).message}\n${SYNC_USAGE}`);
    return EXIT.usage;
  }
  if (values.progress !== undefined && values.progress !== "json") {
    fail(io, `--progress takes "json" (got "${values.progress.slice(0, 20)}")\n${SYNC_USAGE}`);
    return EXIT.usage;
  }
  if (values.by !== undefined && !MODES.includes(values.by)) {
    fail(io, `--by takes timecode, waveform or both (got "${values.by.slice(0, 20)}")\n${SYNC_USAGE}`);
    return EXIT.usage;
  }
  const json = values.progress === "json";
  const by = (values.by ?? "both") as SyncMode;
  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    if (ctx.config.projectRoot) await ensureProjectRoot(ctx, ctx.config.projectRoot);
    const { root } = new LibraryPool(ctx).project(values.project);
    await ctx.hosts.acquire(root);
    const { rel, lease } = await prepareSync(ctx, root, values.dir, "svc sync (cli)");
    const signals = stopSignals();
    const bar = createProgressBar(io);
    const problems: string[] = [];
    const onEvent = (event: SyncEvent) => {
      if (json) io.stdout.write(`${JSON.stringify(event)}\n`);
      if (event.event === "start") bar.start(event.clips);
      if (event.event !== "clip") return;
      bar.tick(event.path);
      if (event.status !== "synced") problems.push(`  ${event.path}: ${event.status}: ${event.reason ?? ""}`);
    };
    try {
      const summary = await syncProject(ctx, { root, rel, by, signal: signals.signal, onEvent }, lease);
      bar.finish();
      if (signals.signal.aborted) {
        fail(io, "sync interrupted; run it again to finish");
        return EXIT.interrupted;
      }
      if (!json) {
        io.stdout.write(
          `synced ${summary.clips_done - summary.unmatched} of ${summary.clips_total} clip(s): ` +
            `${summary.pairs} pair(s), ${summary.unmatched} unmatched, ${summary.failed} failed\n`,
        );
        if (problems.length) io.stdout.write(`not synced:\n${problems.join("\n")}\n`);
      }
      return summary.failed > 0 ? EXIT.partial : EXIT.ok;
    } finally {
      bar.finish();
      signals.dispose();
    }
  });
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      dir: { type: "string" },
      by: { type: "string" },
      project: { type: "string" },
      progress: { type: "string" },
    },
  });
}
