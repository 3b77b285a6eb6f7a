import { rm } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { ProcessError } from "../../adapters/process.js";
import { encodePeaksDat, PEAKS_PER_SECOND, type Peaks } from "../../formats/waveform.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { waveformFile } from "../../state/derived-files.js";
import { makeFolder } from "../../state/folders.js";
import { derivedRelative } from "../../state/paths.js";
import type { MediaRow, StageStatusOf } from "../../state/repos/media.js";
import { labelItemPaths, type StageDeps, type StageItem } from "./types.js";

/**
 * Waveform peaks (formats/waveform.ts) are made in the decode an item already gets: a video's
 * analysis pass (frames stage), an audio file's one decode for its thumbnail (thumbnails stage). They are
 * recorded as the item's `waveform` stage row, so an item ingested before peaks existed is told
 * apart from one whose sound could not be decoded, and the backfill asks each item once.
 */
export const WAVEFORM_STAGE = "waveform";

/** Decoding sound alone runs far faster than real time: two minutes, plus a tenth of its length. */
export const peaksTimeoutMs = (durationS: number | null) => 120_000 + (durationS ?? 0) * 100;

/**
 * Stores the item's peaks in `.svc/waveforms/<id>.dat` and records them. Null peaks (no sound
 * decoded) record none, with `why`, and remove any the item had: they were of a sound it no longer has.
 */
export async function storePeaks(
  deps: Pick<StageDeps, "store">,
  mediaId: number,
  peaks: Peaks | null,
  why: string,
  started: { at: string; t0: number } = { at: new Date().toISOString(), t0: performance.now() },
): Promise<void> {
  const { paths, media } = deps.store;
  const file = waveformFile(paths, mediaId);
  const timing = () => ({ startedAt: started.at, elapsedMs: Math.round(performance.now() - started.t0) });
  if (!peaks) {
    await rm(file, { force: true });
    media.recordWaveform(mediaId, null, {
      stage: WAVEFORM_STAGE,
      status: "skipped",
      detail: why,
      ...timing(),
    });
    return;
  }
  await makeFolder(paths.waveforms);
  await writeFileAtomic(file, encodePeaksDat(peaks));
  const buckets = peaks.data.length / 2;
  media.recordWaveform(mediaId, derivedRelative(paths, file), {
    stage: WAVEFORM_STAGE,
    status: "done",
    detail: `${buckets} peak${buckets === 1 ? "" : "s"}, ${PEAKS_PER_SECOND} per second`,
    ...timing(),
  });
}

/**
 * A finished item with sound whose peaks were never tried: ingested before svc made them. One
 * decode of its sound alone (backfillPeaks) makes them; its scenes are not detected again.
 */
export const peaksDue = (
  row: Pick<MediaRow, "id" | "status" | "kind" | "audio_tracks" | "waveform_path">,
  statusOf: StageStatusOf,
): boolean =>
  row.status === "done" &&
  row.kind !== "image" &&
  row.audio_tracks > 0 &&
  row.waveform_path === null &&
  statusOf(row.id, WAVEFORM_STAGE) === undefined;

/**
 * The backfill of one item: its sound decoded alone on the CPU queue. Sound that cannot be
 * decoded is recorded as such (the item keeps everything else and is not asked again).
 */
export async function backfillPeaks(item: StageItem, deps: StageDeps, signal: AbortSignal): Promise<boolean> {
  const { ffmpeg } = deps.adapters;
  if (!ffmpeg) return false;
  const started = { at: new Date().toISOString(), t0: performance.now() };
  try {
    const peaks = await deps.queues.cpu.add(
      () => ffmpeg.audioPeaks(item.input, peaksTimeoutMs(item.durationS), signal),
      { signal },
    );
    await storePeaks(deps, item.mediaId, peaks, "the sound held no sample", started);
    return peaks !== null;
  } catch (error) {
    // A timeout or a missing ffmpeg is not the sound's fault: the next pass asks again.
    if (signal.aborted || (error instanceof ProcessError && error.reason !== "failed")) throw error;
    const reason = labelItemPaths(item, deps.store.paths.root)((error as Error).message);
    deps.log.warn({ file: item.relPath, reason }, "waveform: the sound could not be decoded");
    await storePeaks(deps, item.mediaId, null, `the sound could not be decoded: ${reason}`, started);
    return false;
  }
}
