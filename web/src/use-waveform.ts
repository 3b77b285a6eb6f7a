import { useEffect, useState } from "preact/hooks";
import { ApiError } from "./api.js";
import { type Waveform, waveform } from "./client.js";

/**
 * An item's sound peaks (coarsened to `samplesPerPixel` when given, for a strip that shows them
 * whole), read again when the item changes; asked for only when the item says it has them (`waveform_url`), so an item without sound costs no refused request. `missing` says why
 * there are none: the route's message, or the item's. `waveformUrl` is undefined while the item
 * is not read yet.
 */
export function useWaveform(
  project: string,
  id: number,
  waveformUrl: string | null | undefined,
  samplesPerPixel?: number,
) {
  const [peaks, setPeaks] = useState<Waveform | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    setPeaks(null);
    setMissing(null);
    if (waveformUrl === undefined) return;
    if (waveformUrl === null) {
      setMissing("no sound, or its peaks are not made yet (the next ingest pass makes them)");
      return;
    }
    let stop = false;
    // A coarser answer refused (peaks stored at another resolution) falls back to the stored one.
    const asked = samplesPerPixel
      ? waveform(project, id, samplesPerPixel).catch(() => waveform(project, id))
      : waveform(project, id);
    asked.then(
      (w) => {
        if (!stop) setPeaks(w);
      },
      (e: unknown) => {
        if (!stop) setMissing(e instanceof ApiError ? e.message : String(e));
      },
    );
    return () => {
      stop = true;
    };
  }, [project, id, waveformUrl, samplesPerPixel]);
  return { peaks, missing };
}
