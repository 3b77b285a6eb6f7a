import { useEffect, useState } from "preact/hooks";
import { ApiError } from "./api.js";
import { type Waveform, waveform } from "./client.js";

/**
 * An item's sound peaks, or why there are none (no sound, peaks not made yet: the route's 404
 * message), read again when the item changes. `null` for both while it loads.
 */
export function useWaveform(project: string, id: number | null) {
  const [peaks, setPeaks] = useState<Waveform | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    setPeaks(null);
    setMissing(null);
    if (id === null) return;
    let stop = false;
    waveform(project, id).then(
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
  }, [project, id]);
  return { peaks, missing };
}
