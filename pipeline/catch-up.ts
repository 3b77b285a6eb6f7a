import { opendir } from "node:fs/promises";
import type { CatchUpRow, StageStatus, StageStatusOf } from "../state/repos/media.js";
import type { ScannedFile } from "./scan.js";
import { peaksDue } from "./stages/peaks.js";
import { proxyReason } from "./stages/proxy.js";
import { spriteDue } from "./stages/sprite.js";
import type { StageDeps, StageName } from "./stages/types.js";

/** Files looked up at once, in one query. */
export const CATCH_UP_BATCH = 512;

type CatchUpDeps = Pick<StageDeps, "store" | "adapters" | "models" | "options">;

/**
 * The stages whose tool or model is there now, in the order a finished item resumes at them: an
 * item that ran one of them without it resumes there, so it is not unchanged.
 */
export function resumableStages(deps: CatchUpDeps): StageName[] {
  const stages: StageName[] = [];
  if (deps.adapters.asr) stages.push("transcript");
  if (deps.models.vision.ok) stages.push("vision");
  if (deps.models.embed.ok && !deps.options.noEmbed) stages.push("embed");
  return stages;
}

/** How `stage` ended in a row's `stages` list (`proxy=done,sprite=skipped`), read in place. */
function stageIn(stages: string | null, stage: string): StageStatus | undefined {
  if (stages === null) return undefined;
  const at = stages.indexOf(`${stage}=`);
  if (at === -1) return undefined;
  const from = at + stage.length + 1;
  const end = stages.indexOf(",", from);
  return stages.slice(from, end === -1 ? undefined : end) as StageStatus;
}

/**
 * The ids whose proxy file is in the proxies folder: one listing for the pass instead of a stat
 * per proxy (70,000 of them at 200,000 items). A proxy removed after the listing is found owed by
 * the next pass, as one removed after a stat always was.
 */
async function listProxies(folder: string): Promise<Set<number>> {
  const ids = new Set<number>();
  try {
    for await (const entry of await opendir(folder, { bufferSize: 1024 })) {
      if (!entry.isFile() || !entry.name.endsWith(".mp4")) continue;
      const id = Number(entry.name.slice(0, -4));
      if (Number.isSafeInteger(id)) ids.add(id);
    }
  } catch {
    // No proxies folder (or none readable): every finished proxy is owed again.
  }
  return ids;
}

export interface CatchUp {
  /**
   * The files of `batch` that are certainly unchanged, finished and owed nothing (no resume,
   * proxy, peaks or sprite): what planning each alone would call `unchanged`, found with one
   * query for the whole batch. Every other file is planned one by one as before; a file this
   * cannot vouch for is never counted here.
   */
  unchangedFiles(batch: readonly ScannedFile[]): Promise<Set<ScannedFile>>;
}

/** The catch-up check of one pass: what it learns once (proxies, waiting stages) it keeps till the pass ends. */
export function catchUp(deps: CatchUpDeps): CatchUp {
  const { options, store } = deps;
  const off = options.refresh || options.visionOnly || options.regenerateThumbnails;
  const resumable = resumableStages(deps);
  // Whether any item waits for a stage that could resume now: one probe of their partial index.
  const waits = resumable.some((stage) => store.media.anyWaitingFor(stage));
  let proxies: Promise<Set<number>> | null = null;
  const proxyPresent = async (id: number) => {
    proxies ??= listProxies(store.paths.proxies);
    return (await proxies).has(id);
  };

  /** Whether the row, as the file was found, is what planning it alone would leave untouched. */
  const settled = (file: ScannedFile, row: CatchUpRow | undefined): row is CatchUpRow => {
    if (!row || file.size === 0 || row.kind !== file.kind) return false;
    if (row.size !== file.size || row.mtime_ms !== file.mtimeMs || row.missing_since !== null) return false;
    if (row.status !== "done" || row.no_thumb) return false;
    if (row.status_reason !== null || row.camera_proxy !== null) return false;
    const statusOf: StageStatusOf = (_id, stage) => stageIn(row.stages, stage);
    const { id, status, kind, audio_tracks } = row;
    const derived = {
      id,
      status,
      kind,
      audio_tracks,
      waveform_path: row.no_waveform ? null : "",
      sprite_json: row.no_sprite ? null : "",
    };
    return !peaksDue(derived, statusOf) && !spriteDue(derived, statusOf);
  };

  return {
    async unchangedFiles(batch) {
      const unchanged = new Set<ScannedFile>();
      if (off) return unchanged;
      const rows = new Map<string, CatchUpRow>();
      for (const row of store.media.catchUpRows(batch.map((f) => f.relPath))) rows.set(row.rel_path, row);
      const waiting = waits
        ? store.media.waitingAmong(
            [...rows.values()].map((r) => r.id),
            resumable,
          )
        : null;
      for (const file of batch) {
        const row = rows.get(file.relPath);
        if (!settled(file, row) || waiting?.has(row.id)) continue;
        const { kind, codec, audio_codec, audio_channels } = row;
        if (proxyReason({ path: row.rel_path, kind, codec, audio_codec, audio_channels }) === null) {
          unchanged.add(file);
          continue;
        }
        const proxy = stageIn(row.stages, "proxy");
        // A proxy stage never run is owed; one that failed or was skipped is not asked again; a
        // finished one whose file is gone (a cache clear) is owed again.
        if (proxy === undefined) continue;
        if (proxy !== "done") unchanged.add(file);
        else if (await proxyPresent(row.id)) unchanged.add(file);
      }
      return unchanged;
    },
  };
}
