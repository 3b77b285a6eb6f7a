import { existsSync } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { SamplePiece } from "../../adapters/ffmpeg.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import type { SeedAnswer, SeedStatus } from "../../domain/schemas/system.js";
import { onCpuQueue } from "../../pipeline/index.js";
import { produceAtomic, writeFileAtomic } from "../../state/atomic.js";
import type { AppContext } from "../context.js";
import { preflightIngest, runIngest } from "../jobs/ingest.js";
import type { JobKind, JobRunner } from "../jobs/runner.js";
import { claimIngestSlot, type SlotLease } from "../jobs/slots.js";
import type { LibraryPool } from "../library-pool.js";
import { packageDir } from "./version.js";

/** The folder under the project root the sample is written to. */
export const SAMPLE_DIR = "svc-sample";
/** Written once the sample was generated and ingested: the next seed call answers at once. */
const MARKER = "sample.json";

const PIECES: readonly { piece: SamplePiece; name: string }[] = [
  { piece: "scenes-clip", name: "harbour-scenes.mp4" },
  { piece: "interview-clip", name: "lighthouse-interview.mp4" },
  { piece: "still", name: "test-card.png" },
  { piece: "audio", name: "narration.m4a" },
];

/** The bundled speech recording (made once with flite), in the package folder. */
function speechWav(): string {
  const file = join(packageDir(), "assets", "sample", "speech.wav");
  if (existsSync(file)) return file;
  throw new UserError(
    "the bundled sample recording is missing from this installation; reinstall svc",
    EXIT.usage,
    503,
  );
}

async function isSeeded(root: string): Promise<boolean> {
  const marker = join(root, ".svc", MARKER);
  try {
    await stat(marker);
    return (await stat(join(root, SAMPLE_DIR))).isDirectory();
  } catch {
    return false;
  }
}

/** A project's status before (or without) a seed by this daemon. */
const restingStatus = (project: string | null, seeded: boolean): SeedStatus => ({
  state: seeded ? "seeded" : "idle",
  project,
  dir: SAMPLE_DIR,
  files: seeded ? PIECES.length : 0,
  total: PIECES.length,
  ingested: null,
  failed: null,
  error: null,
  started_at: null,
  finished_at: null,
});

/**
 * `POST /api/sample/seed`: generates the sample library into `<root>/svc-sample/` with ffmpeg and
 * ingests it, in the project's ingest slot. The runner's stop ends a running seed at shutdown.
 */
export class SampleSeeder {
  private readonly seeds: JobKind<SeedStatus>;

  constructor(
    private readonly ctx: AppContext,
    private readonly libraries: LibraryPool,
    runner: JobRunner,
  ) {
    this.seeds = runner.register("sample-seed", { keep: 1 });
  }

  async seed(projectName?: string): Promise<SeedAnswer> {
    const project = this.libraries.project(projectName);
    const { root } = project;
    // An already seeded library answers before anything else, the ingest slot included.
    if (await isSeeded(root)) return { status: "already_seeded", project: project.name, dir: SAMPLE_DIR };
    this.seeds.admit();
    await preflightIngest(this.ctx, { root, dir: undefined });
    const speech = speechWav();
    const lease = claimIngestSlot(this.ctx, root, "sample seed");
    const current: SeedStatus = {
      ...restingStatus(project.name, false),
      state: "running",
      started_at: new Date().toISOString(),
    };
    // Stops at once, as a cancel does, when this svc loses the project's host lease.
    void this.seeds.start(current, ({ signal }) =>
      this.run(root, speech, lease, current, this.ctx.hosts.fence(root, signal))
        .catch((error: unknown) => {
          // ffmpeg's message names the files it was writing: no absolute path leaves svc.
          const reason = scrubText(error instanceof Error ? error.message : String(error));
          current.state = "failed";
          current.error = reason.slice(0, 300);
          this.ctx.log.warn({ project: project.name, reason }, "sample seed failed");
        })
        .finally(() => {
          current.finished_at = new Date().toISOString();
        }),
    );
    return { status: "started", project: project.name, dir: SAMPLE_DIR };
  }

  private async run(
    root: string,
    speech: string,
    lease: SlotLease,
    current: SeedStatus,
    signal: AbortSignal,
  ): Promise<void> {
    const { ffmpeg } = this.ctx.adapters;
    let handedOver = false;
    try {
      if (!ffmpeg) throw new UserError("ffmpeg is not available", EXIT.usage, 503);
      const encoder = onCpuQueue(ffmpeg, this.ctx.queues);
      const dir = join(root, SAMPLE_DIR);
      await mkdir(dir, { recursive: true });
      for (const { piece, name } of PIECES) {
        const out = join(dir, name);
        if (!existsSync(out)) {
          // A hidden temp name the scanner skips, ending in the extension ffmpeg picks the format by.
          await produceAtomic(out, (temp) => encoder.renderSample(piece, speech, temp, signal), {
            suffix: name.slice(name.lastIndexOf(".")),
          });
        }
        current.files += 1;
      }
      handedOver = true;
      const report = await runIngest(
        this.ctx,
        {
          root,
          dir: SAMPLE_DIR,
          options: { refresh: false, regenerateThumbnails: false, noEmbed: false },
          holder: "sample seed",
          signal,
        },
        lease,
      );
      const { ingested, unchanged, failed } = report.summary;
      current.ingested = ingested + unchanged;
      current.failed = failed;
      if (report.aborted) throw new UserError("stopped by shutdown", EXIT.interrupted, 503);
      if (report.exitCode !== EXIT.ok && report.exitCode !== EXIT.partial)
        throw new UserError(
          `the sample's ingest pass ended with exit code ${report.exitCode}`,
          report.exitCode,
          500,
        );
      await writeFileAtomic(
        join(root, ".svc", MARKER),
        `${JSON.stringify({ seeded_at: new Date().toISOString(), dir: SAMPLE_DIR })}\n`,
      );
      current.state = "seeded";
    } finally {
      if (!handedOver) lease.release();
    }
  }

  /** Progress of this daemon's seed; a project seeded earlier reports `seeded`. */
  async status(projectName?: string): Promise<SeedStatus> {
    const project = this.libraries.project(projectName);
    // An unplugged drive is 503, as for every other read of a project, not "never seeded".
    this.libraries.library(projectName);
    const current = this.seeds.runs()[0]?.record;
    if (current?.project === project.name) return current;
    return restingStatus(project.name, await isSeeded(project.root));
  }
}
