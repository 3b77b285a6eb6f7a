import { readFile } from "node:fs/promises";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { Waveform } from "../../domain/schemas/waveform.js";
import { coarsenPeaks, decodePeaksDat, MAX_COARSEN, type Peaks, peaksJson } from "../../formats/waveform.js";
import type { LibraryStore } from "../../state/stores.js";
import { PROJECT_PARAM } from "../access/project-param.js";
import { derivedFile } from "../containment.js";
import { requireItem } from "./ids.js";
import { wholeNumber } from "./query.js";

/** `?samples_per_pixel=`: a whole multiple of the stored resolution, checked against it below. */
export const WAVEFORM_QUERY = z.object({
  project: PROJECT_PARAM,
  samples_per_pixel: wholeNumber(1, 1_000_000_000).optional(),
});

const missing = (message: string) => new UserError(message, EXIT.usage, 404);
const invalid = (message: string) => new UserError(`samples_per_pixel: ${message}`, EXIT.usage, 422);

/**
 * `GET /api/media/{id}/waveform`: the item's peaks as audiowaveform JSON, at the stored
 * resolution or coarsened by a whole factor (`samplesPerPixel`, a multiple of the stored one).
 */
export async function mediaWaveform(
  store: LibraryStore,
  id: number,
  samplesPerPixel?: number,
): Promise<Waveform> {
  const row = requireItem(store, id);
  if (row.kind === "image" || row.audio_tracks === 0)
    throw missing(`media item ${id} has no sound, so it has no waveform`);
  const file = row.waveform_path === null ? null : await derivedFile(store.paths.dataDir, row.waveform_path);
  if (!file) {
    const why =
      store.media.stageStatus(id, "waveform") === "skipped"
        ? "its sound could not be decoded"
        : "they are made at ingest; the next ingest pass makes them";
    throw missing(`media item ${id} has no waveform peaks yet: ${why}`);
  }
  let stored: Peaks;
  try {
    stored = decodePeaksDat(await readFile(file.path));
  } catch {
    throw missing(
      `media item ${id} has no readable waveform peaks: svc ingest --regenerate-thumbnails makes them again`,
    );
  }
  if (samplesPerPixel === undefined) return peaksJson(stored);
  const factor = samplesPerPixel / stored.samplesPerPixel;
  if (!Number.isInteger(factor))
    throw invalid(`expected a whole multiple of ${stored.samplesPerPixel} (the stored resolution)`);
  if (factor > MAX_COARSEN) throw invalid(`expected at most ${stored.samplesPerPixel * MAX_COARSEN}`);
  return peaksJson(coarsenPeaks(stored, factor));
}
