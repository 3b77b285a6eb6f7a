import { Readable } from "node:stream";
import yazl from "yazl";
import { z } from "zod";
import type { Logger } from "../../state/logger.js";
import type { LibraryStore } from "../../state/stores.js";
import { buildTimeline, type MediaRefs, warningOf } from "./build.js";
import { attachment, stemOf, uniqueStems } from "./names.js";
import { type FormatName, loadClips, SELECTS_FORMATS, SUBTITLE_FORMATS, WRITERS } from "./timeline.js";

/**
 * Formats of a batch: per-clip files, in the order they are written for each clip, and the
 * selects logs, one file for the whole batch.
 */
export const BATCH_FORMATS = [
  "srt",
  "vtt",
  "txt",
  "edl",
  "edl-markers",
  "edl-sound",
  "fcpxml",
  "selects-csv",
  "selects-tsv",
  "ale",
] as const satisfies readonly FormatName[];

/** The logs' entry names in a batch zip: one file each for the whole batch. */
const SELECTS_ENTRIES: Readonly<Record<string, string>> = {
  "selects-csv": "selects.csv",
  "selects-tsv": "selects.tsv",
  ale: "selects.ale",
};

/** Clips in one batch: 10,000 streams in well under a minute with flat memory; more is a mistake. */
export const MAX_BATCH_CLIPS = 10_000;

export const BATCH_BODY = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, "give at least one media id")
    .max(MAX_BATCH_CLIPS, `at most ${MAX_BATCH_CLIPS} clips in one batch`),
  formats: z
    .array(z.enum(BATCH_FORMATS, { error: `expected formats among ${BATCH_FORMATS.join(", ")}` }))
    .min(1, "give at least one format")
    .default(["srt"]),
  project: z.string().trim().min(1).max(64).optional(),
});
export type BatchRequest = z.infer<typeof BATCH_BODY>;

export interface BatchExport {
  fileName: string;
  disposition: string;
  /** The zip, written entry by entry as the reader takes it. */
  stream: Readable;
}

interface Manifest {
  created_at: string;
  formats: string[];
  files: { id: number; name: string; files: string[] }[];
  skipped: { id: number; reason: string }[];
  /** Clips whose timeline files an NLE may not keep as written (variable frame rate), and why. */
  warnings: { id: number; reason: string }[];
  /** The selects logs' entries, one for the whole batch each. */
  selects?: string[];
}

/**
 * `POST /api/export/batch`: one zip with a file per clip per format (`<stem>.srt`,
 * `<stem>.markers.edl`…) plus `manifest.json`. Each file describes the whole source file (a
 * sidecar: subtitle times are the file's own), unlike the timeline export, which cuts to in/out.
 * Files are generated only when the zip writer reaches them, so memory does not grow with the
 * number of clips; unknown ids are listed in the manifest, duplicate stems get `-2`, `-3`…
 */
export function exportBatch(
  store: LibraryStore,
  request: BatchRequest,
  refs: MediaRefs,
  log: Logger,
): BatchExport {
  const ids = [...new Set(request.ids)];
  const names = store.media.names(ids);
  const known = ids.filter((id) => names.has(id));
  const skipped: Manifest["skipped"] = ids
    .filter((id) => !names.has(id))
    .map((id) => ({ id, reason: "no such media item" }));
  const perClip = request.formats.filter((format) => !SELECTS_FORMATS.has(format));
  const logs = request.formats.filter((format) => SELECTS_FORMATS.has(format));
  const timelines = perClip.some((format) => !SUBTITLE_FORMATS.has(format));
  const timing = timelines ? store.media.timing(known) : new Map();
  const warnings: Manifest["warnings"] = known.flatMap((id) => {
    const facts = timing.get(id);
    const reason = facts ? warningOf(facts) : null;
    return reason ? [{ id, reason }] : [];
  });
  const stems = uniqueStems(known.map((id) => stemOf(names.get(id) as string)));
  const zip = new yazl.ZipFile();
  const manifest: Manifest = {
    created_at: new Date().toISOString(),
    formats: request.formats,
    files: [],
    skipped,
    warnings,
  };
  known.forEach((id, i) => {
    const stem = stems[i] as string;
    const files = perClip.map((format) => `${stem}${WRITERS[format].ext}`);
    manifest.files.push({ id, name: names.get(id) as string, files });
    perClip.forEach((format, f) => {
      zip.addReadStreamLazy(files[f] as string, (done) => {
        try {
          const row = store.media.get(id);
          if (!row) {
            done(null, Readable.from([]));
            return;
          }
          const cues = SUBTITLE_FORMATS.has(format);
          const clips = loadClips(store, [id], cues);
          const built = buildTimeline(store, clips, { name: row.name, trimmed: false, refs, cues }, log);
          done(null, Readable.from([WRITERS[format].write(built)]));
        } catch (error) {
          done(error as Error, Readable.from([]));
        }
      });
    });
  });
  // A selects log covers the whole batch: every item's in/out window and its subclips.
  for (const format of logs) {
    const entry = SELECTS_ENTRIES[format] as string;
    manifest.selects = [...(manifest.selects ?? []), entry];
    zip.addReadStreamLazy(entry, (done) => {
      try {
        const still = store.media.names(known);
        const present = known.filter((id) => still.has(id));
        const clips = loadClips(store, present, false);
        const built = buildTimeline(
          store,
          clips,
          { name: "selects", trimmed: true, refs, cues: false, subclips: true },
          log,
        );
        done(null, Readable.from([WRITERS[format].write(built)]));
      } catch (error) {
        done(error as Error, Readable.from([]));
      }
    });
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "manifest.json");
  zip.end();
  const fileName = "svc-export.zip";
  return { fileName, disposition: attachment(fileName), stream: zip.outputStream as Readable };
}
