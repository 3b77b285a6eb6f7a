import { stat } from "node:fs/promises";
import { proxyFile } from "../state/derived-files.js";
import type { CatchUpRow, StageStatus, StageStatusOf } from "../state/repos/media.js";
import type { ScannedFile } from "./scan.js";
import { peaksDue } from "./stages/peaks.js";
import { proxyReason } from "./stages/proxy.js";
import { spriteDue } from "./stages/sprite.js";
import type { StageDeps } from "./stages/types.js";

/** Files looked up at once, in one query. */
export const CATCH_UP_BATCH = 512;

/**
 * The stages whose tool or model is there now: an item that ran one of them without it resumes
 * there (the runner's resumableStage), so it is not unchanged.
 */
function resumableStages(deps: Pick<StageDeps, "adapters" | "models" | "options">): Set<string> {
  const stages = new Set<string>();
  if (deps.adapters.asr) stages.add("transcript");
  if (deps.models.vision.ok) stages.add("vision");
  if (deps.models.embed.ok && !deps.options.noEmbed) stages.add("embed");
  return stages;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether the row, as the file was found, is what planning it alone would leave untouched; if so,
 * how its proxy stage ended (undefined: never ran).
 */
function settled(
  file: ScannedFile,
  row: CatchUpRow | undefined,
  resumable: Set<string>,
): { proxy: StageStatus | undefined } | null {
  if (!row || file.size === 0 || row.kind !== file.kind) return null;
  if (row.size !== file.size || row.mtime_ms !== file.mtimeMs || row.missing_since !== null) return null;
  if (row.status !== "done" || row.thumb_path === null) return null;
  if (row.status_reason !== null || row.camera_proxy !== null) return null;
  const stages = JSON.parse(row.stages_json) as Record<string, StageStatus>;
  for (const [stage, status] of Object.entries(stages))
    if (status === "not_configured" && resumable.has(stage)) return null;
  const statusOf: StageStatusOf = (_id, stage) => stages[stage];
  if (peaksDue(row, statusOf) || spriteDue(row, statusOf)) return null;
  return { proxy: stages.proxy };
}

/**
 * The files of `batch` that are certainly unchanged, finished and owed nothing (no resume, proxy,
 * peaks or sprite): what planning each alone would call `unchanged`, found with one query for the
 * whole batch and a stat of the proxies that should be there. Every other file is planned one by
 * one as before; a file this cannot vouch for is never counted here.
 */
export async function unchangedFiles(
  batch: readonly ScannedFile[],
  deps: Pick<StageDeps, "store" | "adapters" | "models" | "options">,
): Promise<Set<ScannedFile>> {
  const unchanged = new Set<ScannedFile>();
  const { options, store } = deps;
  if (options.refresh || options.visionOnly || options.regenerateThumbnails) return unchanged;
  const rows = new Map<string, CatchUpRow>();
  for (const row of store.media.catchUpRows(batch.map((f) => f.relPath))) rows.set(row.rel_path, row);
  const resumable = resumableStages(deps);
  const proxied: { file: ScannedFile; id: number }[] = [];
  for (const file of batch) {
    const row = rows.get(file.relPath);
    const found = settled(file, row, resumable);
    if (!row || !found) continue;
    if (proxyReason({ ...row, path: row.rel_path }) === null) unchanged.add(file);
    else if (found.proxy === "done") proxied.push({ file, id: row.id });
    // A proxy stage never run is owed; one that failed or was skipped is not asked again.
    else if (found.proxy !== undefined) unchanged.add(file);
  }
  // A finished proxy whose file is gone (a cache clear) is owed again.
  const present = await Promise.all(proxied.map(({ id }) => isFile(proxyFile(store.paths, id))));
  for (const [i, { file }] of proxied.entries()) if (present[i]) unchanged.add(file);
  return unchanged;
}
