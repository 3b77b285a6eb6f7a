import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { EXIT, UserError } from "../domain/errors.js";
import { BATCH_BODY, BATCH_FORMATS, exportBatch } from "../library/export/batch.js";
import {
  exportTimeline,
  TIMELINE_FORMATS,
  TIMELINE_QUERY,
  timelineFormat,
} from "../library/export/timeline.js";
import { LibraryPool } from "../library/library-pool.js";
import { ensureProjectRoot } from "../library/organise/projects.js";
import { writeFileAtomic } from "../state/atomic.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const EXPORT_USAGE = `usage: svc export timeline --ids 1,2,3 --format ${TIMELINE_FORMATS.join("|")}
         [--fps 25] [--name NAME] [--sync accepted|proposed|none] [--subclips] [--no-scenes]
         [--fcpxml-version 1.9|1.10|1.11] [--event timeline|project] [--project P] [-o FILE]
       svc export batch --ids 1,2,3 [--formats ${BATCH_FORMATS.join(",")}] [--project P] [-o FILE.zip]`;

const OPTIONS = {
  ids: { type: "string" },
  format: { type: "string" },
  formats: { type: "string" },
  fps: { type: "string" },
  name: { type: "string" },
  sync: { type: "string" },
  subclips: { type: "boolean" },
  "no-scenes": { type: "boolean" },
  "fcpxml-version": { type: "string" },
  event: { type: "string" },
  project: { type: "string" },
  output: { type: "string", short: "o" },
  help: { type: "boolean", short: "h" },
} as const;

/** Query fields whose flag has another name. */
const FLAG_OF: Readonly<Record<string, string>> = { version: "fcpxml-version" };

/** A zod failure as the flag it came from. */
function invalid(result: { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? "ids");
  return new UserError(`--${FLAG_OF[field] ?? field}: ${issue?.message ?? "invalid"}`, EXIT.usage);
}

/**
 * `svc export timeline|batch`: the API's export functions on this machine (media referenced by
 * absolute `file://` URLs: the CLI's user is at the workstation). Writes `-o` through a temp file
 * and a rename, or to stdout.
 */
export async function exportCommand(argv: string[], io: Io): Promise<number> {
  // `svc export --help` has no action before its flags.
  const action = argv[0]?.startsWith("-") ? undefined : argv[0];
  const rest = action === undefined ? argv : argv.slice(1);
  let values: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>
  >["values"];
  try {
    ({ values } = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    fail(io, `${(error as Error).message}\n${EXPORT_USAGE}`);
    return EXIT.usage;
  }
  if (values.help) {
    io.stdout.write(`${EXPORT_USAGE}\n`);
    return EXIT.ok;
  }
  if (action !== "timeline" && action !== "batch") {
    fail(io, EXPORT_USAGE);
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: false, tools: false }, async (ctx) => {
    if (ctx.config.projectRoot) await ensureProjectRoot(ctx, ctx.config.projectRoot);
    const libraries = new LibraryPool(ctx);
    try {
      const out = values.output ? resolve(values.output) : null;
      if (action === "timeline") {
        const format = timelineFormat(values.format);
        const query = TIMELINE_QUERY.safeParse({
          ids: values.ids ?? "",
          fps: values.fps,
          name: values.name,
          sync: values.sync,
          subclips: values.subclips ? "1" : "0",
          scenes: values["no-scenes"] ? "0" : "1",
          version: values["fcpxml-version"],
          event: values.event,
        });
        if (!query.success) throw invalid(query);
        const file = exportTimeline(
          libraries.library(values.project),
          format,
          query.data,
          "absolute",
          ctx.log,
          libraries.project(values.project).name,
        );
        if (out) await writeFileAtomic(out, file.body);
        else if (file.body instanceof Readable) await pipeline(file.body, io.stdout);
        else io.stdout.write(file.body);
        for (const s of file.skipped) fail(io, `item ${s.id} left out: ${s.reason}`);
        for (const w of file.warnings) fail(io, `item ${w.id}: ${w.reason}`);
        return EXIT.ok;
      }
      const request = BATCH_BODY.safeParse({
        ids: (values.ids ?? "")
          .split(",")
          .filter(Boolean)
          .map((id) => (/^\d+$/.test(id) ? Number(id) : id)),
        ...(values.formats ? { formats: values.formats.split(",") } : {}),
        project: values.project,
      });
      if (!request.success) throw invalid(request);
      const batch = exportBatch(libraries.library(values.project), request.data, "absolute", ctx.log);
      if (out) await writeFileAtomic(out, batch.stream);
      else await pipeline(batch.stream, io.stdout);
      return EXIT.ok;
    } finally {
      libraries.closeAll();
    }
  });
}
