import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT } from "../domain/errors.js";
import { DEFAULT_HASH, HASH_FORMATS, isHashFormat } from "../library/offload/hash.js";
import { runOffload } from "../library/offload/run.js";
import { startOffload } from "../library/offload/start.js";
import { verifyDestination } from "../library/offload/verify.js";
import { stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";
import { createProgressBar } from "./progress.js";

export const OFFLOAD_USAGE =
  `usage: svc offload SRC --dest D1 [--dest D2 …] [--hash ${HASH_FORMATS.join("|")}] [--no-verify] [--resume] [--progress json]\n` +
  "       svc offload verify DEST [--record]\n" +
  `       copy a card to every destination, read each copy back, write ASC MHL manifests (hash ${DEFAULT_HASH} by default)`;

const VERIFY_OPTIONS = { record: { type: "boolean" } } as const;

const OPTIONS = {
  dest: { type: "string", multiple: true },
  hash: { type: "string" },
  "no-verify": { type: "boolean" },
  resume: { type: "boolean" },
  progress: { type: "string" },
} as const;

/**
 * `svc offload verify DEST [--record]`: 0 when every manifest and every file checks out and no
 * file is unaccounted for, 1 when not; `--record` adds the results to the history.
 */
async function verifyCommand(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof VERIFY_OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: VERIFY_OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    fail(io, `${(error as Error).message}\n${OFFLOAD_USAGE}`);
    return EXIT.usage;
  }
  if (parsed.positionals.length !== 1) {
    fail(io, OFFLOAD_USAGE);
    return EXIT.usage;
  }
  const folder = resolve(parsed.positionals[0] as string);
  const record = parsed.values.record === true;
  return withContext(io, { stdoutLogs: false, tools: false }, async (ctx) => {
    const signals = stopSignals();
    try {
      const since = performance.now();
      const report = await verifyDestination(folder, { record, toolVersion: ctx.version }, signals.signal);
      const seconds = (performance.now() - since) / 1000;
      for (const { path, problem } of report.problems) io.stdout.write(`FAILED\t${path}\t${problem}\n`);
      io.stdout.write(
        `${report.problems.length === 0 ? "verified" : "verification failed"}: ${report.files} files, ` +
          `${report.generations} generations, ${report.problems.length} problems; ` +
          `${(report.bytes / 1048576).toFixed(1)} MiB hashed in ${seconds.toFixed(2)} s ` +
          `(${(seconds > 0 ? report.bytes / 1048576 / seconds : 0).toFixed(1)} MiB/s)\n`,
      );
      for (const manifest of report.recorded) io.stdout.write(`recorded: ${manifest}\n`);
      return report.problems.length === 0 ? EXIT.ok : EXIT.partial;
    } finally {
      signals.dispose();
    }
  });
}

/**
 * `svc offload`: the API's offload on this machine. Exit 0 when every file is verified at every
 * destination, 1 when some failed, 2 when refused, 130 when interrupted (resume with --resume).
 */
export async function offloadCommand(argv: string[], io: Io): Promise<number> {
  if (argv[0] === "verify") return verifyCommand(argv.slice(1), io);
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    fail(io, `${(error as Error).message}\n${OFFLOAD_USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || !values.dest?.length) {
    fail(io, OFFLOAD_USAGE);
    return EXIT.usage;
  }
  if (values.progress !== undefined && values.progress !== "json") {
    fail(io, `--progress takes json (got "${values.progress.slice(0, 20)}")`);
    return EXIT.usage;
  }
  const hash = values.hash ?? DEFAULT_HASH;
  if (!isHashFormat(hash)) {
    fail(io, `--hash takes ${HASH_FORMATS.join(", ")} (got "${hash.slice(0, 20)}")`);
    return EXIT.usage;
  }
  const json = values.progress === "json";
  const emit = (event: object) => io.stdout.write(`${JSON.stringify(event)}\n`);
  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    const signals = stopSignals();
    let started: Awaited<ReturnType<typeof startOffload>>;
    try {
      started = await startOffload(
        ctx,
        {
          source: positionals[0] as string,
          dests: values.dest ?? [],
          hash,
          verify: values["no-verify"] !== true,
        },
        `svc offload (pid ${process.pid})`,
        "trusted",
        signals.signal,
      );
    } catch (error) {
      signals.dispose();
      throw error;
    }
    const { plan, lease, verify } = started;
    const total = plan.files.length * plan.dests.length;
    const totalBytes = plan.files.reduce((sum, f) => sum + f.size, 0) * plan.dests.length;
    const bar = createProgressBar(io);
    bar.start(total);
    let doneBytes = 0;
    const since = Date.now();
    try {
      const result = await runOffload(
        plan,
        {
          hash,
          verify,
          resume: values.resume === true,
          svcHome: ctx.config.home,
          toolVersion: ctx.version,
          adapters: ctx.adapters,
        },
        {
          signal: signals.signal,
          onFile: (event) => {
            doneBytes += event.bytes;
            const seconds = (Date.now() - since) / 1000;
            const rate = seconds > 0 ? doneBytes / 1048576 / seconds : 0;
            const eta = rate > 0 ? Math.round((totalBytes - doneBytes) / 1048576 / rate) : 0;
            bar.tick(`${rate.toFixed(0)} MiB/s, ETA ${eta}s ${event.path}`);
            if (json) emit(event);
            else if (event.status === "failed")
              io.stderr.write(`svc: ${event.path} → ${event.dest}: ${event.reason}\n`);
          },
        },
      );
      bar.finish();
      for (const summary of result.summaries) {
        if (json) emit(summary);
        else
          io.stdout.write(
            `${summary.dest}: ${summary.files} files verified, ${summary.failed} failed, ` +
              `${(summary.bytes / 1048576).toFixed(1)} MiB copied at ${summary.copy_mib_s} MiB/s\n`,
          );
      }
      for (const { dest, reason } of result.historyErrors) fail(io, `${dest}: ${reason}`);
      for (const { dest, message } of result.notices) io.stderr.write(`svc: ${dest}: ${message}\n`);
      if (result.interrupted) {
        fail(io, "interrupted: no manifest written; run again with --resume to finish");
        return EXIT.interrupted;
      }
      const failed = result.summaries.some((s) => s.failed > 0) || result.historyErrors.length > 0;
      return failed ? EXIT.partial : EXIT.ok;
    } finally {
      bar.finish();
      lease.release();
      signals.dispose();
    }
  });
}
