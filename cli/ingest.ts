import { parseArgs } from "node:util";
import { mountedStorage } from "../adapters/mount-table.js";
import { EXIT, UserError } from "../domain/errors.js";
import { type IngestEvent, runIngest } from "../library/jobs/ingest.js";
import { claimIngestSlot } from "../library/jobs/slots.js";
import { applyCollections, proposeCollections } from "../library/organise/collection-proposals.js";
import { migrateStorage } from "../library/system/storage-migration.js";
import { retraditionalizeProject, type ScriptCounts } from "../library/transcripts/retraditionalize.js";
import { projectPaths } from "../state/paths.js";
import { openLibrary } from "../state/stores.js";
import { stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";
import { createProgressBar } from "./progress.js";

export const INGEST_USAGE =
  "usage: svc ingest [--dir D] [--refresh] [--regenerate-thumbnails] [--vision-only] [--no-embed] [--language L] [--progress json] | svc ingest --retraditionalize [--dry-run] | svc ingest --migrate-storage | svc ingest --propose-collections [--collection-dry-run] | svc ingest --apply-collections";

// ISO 639-1/639-3 codes with an optional region, as speech recognisers take them.
const LANGUAGE = /^[a-z]{2,3}([-_][a-z0-9]{2,8})?$/i;

export async function ingestCommand(argv: string[], io: Io): Promise<number> {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    fail(io, `${(error as Error).message}\n${INGEST_USAGE}`);
    return EXIT.usage;
  }
  const propose = values["propose-collections"] === true;
  const apply = values["apply-collections"] === true;
  if (values["collection-dry-run"] && !propose) {
    fail(io, "--collection-dry-run goes with --propose-collections");
    return EXIT.usage;
  }
  if (propose && apply) {
    fail(
      io,
      "--propose-collections and --apply-collections are separate steps: review the proposal between them",
    );
    return EXIT.usage;
  }
  if (propose || apply)
    return collectionsStep(io, propose ? "propose" : "apply", values["collection-dry-run"] === true);
  if (values.progress !== undefined && values.progress !== "json") {
    fail(io, `--progress takes "json" (got "${values.progress}")`);
    return EXIT.usage;
  }
  const json = values.progress === "json";
  if (values["dry-run"] && !values.retraditionalize) {
    fail(io, "--dry-run goes with --retraditionalize");
    return EXIT.usage;
  }
  if (values.retraditionalize) {
    const others = Object.keys(values).filter(
      (flag) => !["retraditionalize", "dry-run", "progress"].includes(flag),
    );
    if (others.length > 0) {
      fail(io, `--retraditionalize runs alone (not with --${others[0]})`);
      return EXIT.usage;
    }
    return retraditionalizeCommand(io, json, values["dry-run"] === true);
  }
  if (values["migrate-storage"]) {
    const others = Object.keys(values).filter((flag) => flag !== "migrate-storage" && flag !== "progress");
    if (others.length > 0) {
      fail(io, `--migrate-storage runs alone (not with --${others[0]})`);
      return EXIT.usage;
    }
    return migrateCommand(io, json);
  }
  if (values.language !== undefined && !LANGUAGE.test(values.language)) {
    fail(
      io,
      `--language takes a language code such as en, de or pt-BR (got "${values.language.slice(0, 20)}")`,
    );
    return EXIT.usage;
  }
  if (values["vision-only"] && (values.refresh || values["regenerate-thumbnails"])) {
    fail(io, "--vision-only cannot be combined with --refresh or --regenerate-thumbnails");
    return EXIT.usage;
  }

  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    const root = ctx.config.projectRoot;
    if (!root)
      throw new UserError("PROJECT_ROOT is not set: point it at the footage folder to ingest", EXIT.usage);
    await ctx.hosts.acquire(root);
    const signals = stopSignals();
    const bar = createProgressBar(io);
    const failures: string[] = [];
    const onEvent = (event: IngestEvent) => {
      if (json) io.stdout.write(`${JSON.stringify(event)}\n`);
      if (event.event === "start") bar.start(event.files + event.skipped);
      if (event.event === "file") {
        bar.tick(event.path);
        if (event.status === "failed")
          failures.push(`  ${event.path}: ${event.reason ?? "failed"} (${event.stage})`);
      }
    };
    try {
      const report = await runIngest(ctx, {
        root,
        dir: values.dir,
        options: {
          refresh: values.refresh === true,
          regenerateThumbnails: values["regenerate-thumbnails"] === true,
          noEmbed: values["no-embed"] === true,
          visionOnly: values["vision-only"] === true,
          language: values.language?.toLowerCase(),
        },
        holder: `svc ingest (cli)`,
        signal: signals.signal,
        onEvent,
      });
      bar.finish();
      if (report.aborted) {
        fail(io, "ingest interrupted; the next pass resumes where this one stopped");
        return EXIT.interrupted;
      }
      const s = report.summary;
      if (!json) {
        io.stdout.write(
          `ingested ${s.ingested}, unchanged ${s.unchanged}, skipped ${s.skipped}, failed ${s.failed}` +
            `${s.sequence_frames ? ` (image sequences: ${s.sequence_frames} frames)` : ""}` +
            `${s.needs_proxy ? `, needs proxy ${s.needs_proxy}` : ""}${s.missing ? `, newly missing ${s.missing}` : ""}${s.halted ? " (halted)" : ""}\n`,
        );
        if (failures.length) io.stdout.write(`failed:\n${failures.join("\n")}\n`);
      }
      if (s.halted)
        fail(io, `halted after ${ctx.config.haltStreak} consecutive failures (SVC_INGEST_HALT_STREAK)`);
      if (!s.reconciled) fail(io, `reconciliation mismatch:\n  ${s.problems.join("\n  ")}`);
      return report.exitCode;
    } finally {
      bar.finish();
      signals.dispose();
    }
  });
}

/** The collection maintenance steps run instead of an ingest pass. */
function collectionsStep(io: Io, step: "propose" | "apply", dryRun: boolean): Promise<number> {
  return withContext(io, { stdoutLogs: false, tools: false }, async (ctx) => {
    const root = ctx.config.projectRoot;
    if (!root) throw new UserError("PROJECT_ROOT is not set: point it at the project folder", EXIT.usage);
    await ctx.hosts.acquire(root);
    const store = openLibrary(root, { mounts: mountedStorage });
    try {
      if (step === "apply") {
        const applied = await applyCollections(store);
        io.stdout.write(`${applied.file} replaced: ${applied.collections} collections\n`);
        return EXIT.ok;
      }
      const signals = stopSignals();
      try {
        const proposal = await proposeCollections(ctx, store, { dryRun, signal: signals.signal });
        if (proposal.note) fail(io, proposal.note);
        io.stdout.write(
          `${proposal.file} written: ${proposal.collections.length} themes (named by ${proposal.named_by === "model" ? "the chat model" : "their top tag"})\n`,
        );
        for (const c of proposal.collections)
          io.stdout.write(`  ${c.key}\t${c.title}\t${c.tags.join(", ")}\n`);
        io.stdout.write("review it, then run svc ingest --apply-collections\n");
        return EXIT.ok;
      } finally {
        signals.dispose();
      }
    } finally {
      store.close();
    }
  });
}

async function retraditionalizeCommand(io: Io, json: boolean, dryRun: boolean): Promise<number> {
  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    const root = ctx.config.projectRoot;
    if (!root) throw new UserError("PROJECT_ROOT is not set: point it at the project to convert", EXIT.usage);
    await ctx.hosts.acquire(root);
    const report = await retraditionalizeProject(ctx, root, {
      dryRun,
      holder: "svc ingest --retraditionalize (cli)",
    });
    if (json) io.stdout.write(`${JSON.stringify({ event: "retraditionalize", ...report })}\n`);
    else {
      const line = (what: string, c: ScriptCounts) =>
        `${what}: ${c.checked} checked, ${c.by_phrase} by phrase, ${c.by_character} by character, ${c.unchanged} unchanged\n`;
      io.stdout.write(
        `${dryRun ? "dry run, nothing written; " : ""}converter: ${report.converter}\n` +
          line("transcripts", report.transcripts) +
          line("archived transcripts", report.archives) +
          line("scene descriptions", report.scenes),
      );
    }
    return EXIT.ok;
  });
}

async function migrateCommand(io: Io, json: boolean): Promise<number> {
  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    const root = ctx.config.projectRoot;
    if (!root) throw new UserError("PROJECT_ROOT is not set: point it at the project to migrate", EXIT.usage);
    await ctx.hosts.acquire(root);
    const lease = claimIngestSlot(ctx, root, "svc ingest --migrate-storage (cli)");
    try {
      const report = await migrateStorage(projectPaths(root));
      if (json) io.stdout.write(`${JSON.stringify({ event: "migration", ...report })}\n`);
      else if (report.status === "migrated") {
        const c = report.counts;
        io.stdout.write(
          `migrated the legacy library into .svc/ (${c?.media ?? 0} media, ${c?.scenes ?? 0} scenes` +
            `${report.moved.length ? `; moved ${report.moved.join(", ")}` : ""}); backup: ${report.backup}\n`,
        );
      } else if (report.status === "already_migrated")
        io.stdout.write("already migrated: the library is in .svc/\n");
      else io.stdout.write("nothing to migrate: no legacy library.db at the project root\n");
      return EXIT.ok;
    } finally {
      lease.release();
    }
  });
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      dir: { type: "string" },
      refresh: { type: "boolean" },
      "regenerate-thumbnails": { type: "boolean" },
      "no-embed": { type: "boolean" },
      progress: { type: "string" },
      "vision-only": { type: "boolean" },
      language: { type: "string" },
      "propose-collections": { type: "boolean" },
      "apply-collections": { type: "boolean" },
      "collection-dry-run": { type: "boolean" },
      retraditionalize: { type: "boolean" },
      "migrate-storage": { type: "boolean" },
      "dry-run": { type: "boolean" },
    },
  });
}
