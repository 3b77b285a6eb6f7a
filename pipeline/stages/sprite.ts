import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { SpriteOptions } from "../../adapters/ffmpeg.js";
import { ProcessError } from "../../adapters/process.js";
import type { SpriteLayout } from "../../domain/schemas/media.js";
import { SPRITE_BOX, spritePlan } from "../../domain/sprite.js";
import { spriteFile } from "../../state/derived-files.js";
import { makeFolder } from "../../state/folders.js";
import { derivedRelative } from "../../state/paths.js";
import type { MediaRow, StageStatusOf } from "../../state/repos/media.js";
import { lutForItem } from "../luts.js";
import { decodeThreads } from "../queues.js";
import { labelItemPaths, type StageDeps, type StageItem } from "./types.js";

/**
 * A video's scrub sprite (domain/sprite.ts) is tiled in its analysis pass (frames stage) from the
 * frames the pass keeps, so it is made again whenever thumbnails are. It is recorded as the item's
 * `sprite` stage row, so an item ingested before sprites existed is told apart from one that has
 * none for a reason, and the backfill asks each item once.
 */
export const SPRITE_STAGE = "sprite";

const SPRITE_NAME = "sprite.jpg";

/** What a decode is asked for: the sprite of a clip `durationS` long, frames `stepS` apart, into `work`. */
export function spriteRequest(
  durationS: number | null,
  stepS: number,
  work: string,
): SpriteOptions | undefined {
  const plan = spritePlan(durationS, stepS);
  if (!plan || durationS === null) return undefined;
  const { frames, columns, rows } = plan;
  return { file: join(work, SPRITE_NAME), frames, durationS, columns, rows, box: SPRITE_BOX };
}

const exists = (file: string) =>
  stat(file).then(
    (info) => info.isFile() && info.size > 0,
    () => false,
  );

/**
 * Moves the sprite a decode made into `.svc/thumbs` and records its layout. No sprite made (none
 * asked for, or no frame decoded) records none, with `why`, and removes any the item had.
 */
export async function storeSprite(
  deps: Pick<StageDeps, "store" | "adapters">,
  mediaId: number,
  made: SpriteOptions | undefined,
  why: string,
  started: { at: string; t0: number } = { at: new Date().toISOString(), t0: performance.now() },
): Promise<void> {
  const { paths, media } = deps.store;
  const file = spriteFile(paths, mediaId);
  const timing = () => ({ startedAt: started.at, elapsedMs: Math.round(performance.now() - started.t0) });
  const picture = made && (await exists(made.file)) ? await deps.adapters.images.info(made.file) : null;
  if (!made || !picture?.width || !picture.height) {
    await rm(file, { force: true });
    media.recordSprite(mediaId, null, { stage: SPRITE_STAGE, status: "skipped", detail: why, ...timing() });
    return;
  }
  await makeFolder(paths.thumbs);
  // The work folder is inside `.svc`, on the same file system: the rename is atomic.
  await rename(made.file, file);
  const layout: SpriteLayout = {
    path: derivedRelative(paths, file),
    frames: made.frames,
    columns: made.columns,
    rows: made.rows,
    frame_width: Math.floor(picture.width / made.columns),
    frame_height: Math.floor(picture.height / made.rows),
    interval_s: made.durationS / made.frames,
    bytes: (await stat(file)).size,
  };
  media.recordSprite(mediaId, JSON.stringify(layout), {
    stage: SPRITE_STAGE,
    status: "done",
    detail: `${made.frames} frame${made.frames === 1 ? "" : "s"}, ${layout.frame_width}×${layout.frame_height}`,
    ...timing(),
  });
}

/**
 * A finished video whose sprite was never tried: ingested before svc made them. One decode of
 * its picture alone (backfillSprite) makes it; its scenes are not detected again.
 */
export const spriteDue = (
  row: Pick<MediaRow, "id" | "status" | "kind" | "sprite_json">,
  statusOf: StageStatusOf,
): boolean =>
  row.status === "done" &&
  row.kind === "video" &&
  row.sprite_json === null &&
  statusOf(row.id, SPRITE_STAGE) === undefined;

/**
 * The analysis pass keeps a clip's frames 0.5 s apart up to a minute, further apart beyond, where
 * the sprite's frame limit holds anyway: frames this far apart give the backfill the same sprite.
 */
const BACKFILL_STEP_S = 0.5;
/** Decoding a picture runs about real time on one core at worst: two minutes, plus twice its length. */
const spriteTimeoutMs = (durationS: number) => 120_000 + durationS * 2000;

/**
 * The backfill of one item: its picture decoded alone on the CPU queue. A picture that cannot be
 * decoded is recorded as such (the item keeps everything else and is not asked again).
 */
export async function backfillSprite(item: StageItem, deps: StageDeps, signal: AbortSignal): Promise<void> {
  const { ffmpeg } = deps.adapters;
  if (!ffmpeg) return;
  const started = { at: new Date().toISOString(), t0: performance.now() };
  await makeFolder(deps.store.paths.frames);
  const work = await mkdtemp(join(deps.store.paths.frames, `.analyse-${item.mediaId}-`));
  try {
    const request = spriteRequest(item.durationS, BACKFILL_STEP_S, work);
    if (!request) return await storeSprite(deps, item.mediaId, undefined, "its length is unknown", started);
    const profile = deps.store.media.get(item.mediaId)?.color_profile;
    const lut = await lutForItem(deps.config, profile, deps.log);
    try {
      await deps.queues.cpu.add(
        () =>
          ffmpeg.sprite(
            item.input,
            request,
            { lut, threads: decodeThreads(deps.queues), timeoutMs: spriteTimeoutMs(request.durationS) },
            signal,
          ),
        { signal },
      );
    } catch (error) {
      // A timeout or a missing ffmpeg is not the picture's fault: the next pass asks again.
      if (signal.aborted || !(error instanceof ProcessError) || error.reason !== "failed") throw error;
      const reason = labelItemPaths(item, deps.store.paths.root)(error.message);
      deps.log.warn({ file: item.relPath, reason }, "sprite: the picture could not be decoded");
      return await storeSprite(
        deps,
        item.mediaId,
        undefined,
        `the picture could not be decoded: ${reason}`,
        started,
      );
    }
    await storeSprite(deps, item.mediaId, request, "no frame was decoded", started);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
