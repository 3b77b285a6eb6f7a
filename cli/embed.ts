import { parseArgs } from "node:util";
import { EXIT, UserError } from "../domain/errors.js";
import { buildEmbeddings } from "../library/search/embed.js";
import { stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";

const USAGE = "usage: svc embed [--rebuild] [--json]";

/** `svc embed`: the index builder; prints what it found per freshness category. */
export async function embedCommand(argv: string[], io: Io): Promise<number> {
  let values: { rebuild?: boolean; json?: boolean };
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { rebuild: { type: "boolean" }, json: { type: "boolean" } },
    }).values;
  } catch (error) {
    fail(io, `${(error as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    const root = ctx.config.projectRoot;
    if (!root) throw new UserError("PROJECT_ROOT is not set: point it at the footage folder", EXIT.usage);
    await ctx.hosts.acquire(root);
    const signals = stopSignals();
    try {
      const report = await buildEmbeddings(ctx, root, {
        rebuild: values.rebuild === true,
        signal: signals.signal,
        holder: "svc embed (cli)",
      });
      if (values.json) io.stdout.write(`${JSON.stringify(report)}\n`);
      else {
        const c = report.counts;
        io.stdout.write(
          `model ${report.model}: new ${c.new}, stale ${c.stale}, unverified ${c.unverified}, forced ${c.forced}, unchanged ${c.unchanged}\n` +
            `embedded ${report.embedded} item(s); ${report.vectors} vectors indexed; ${report.failed.length} failed\n`,
        );
        for (const f of report.failed) io.stdout.write(`  item ${f.id}: ${f.reason}\n`);
        if (report.drift.sampled > 0)
          io.stdout.write(
            `drift check: ${report.drift.sampled} sampled, min cosine ${report.drift.min_similarity}\n`,
          );
      }
      if (report.drift.warning) fail(io, report.drift.warning);
      return report.failed.length > 0 ? EXIT.partial : EXIT.ok;
    } catch (error) {
      if (!signals.signal.aborted) throw error;
      fail(
        io,
        "embedding interrupted; the vectors stored so far are kept and the next run goes on from there",
      );
      return EXIT.interrupted;
    } finally {
      signals.dispose();
    }
  });
}
