// Ingest keeps 100 min/max pairs a second of sound decoded at 48 kHz (formats/waveform.ts,
// adapters/ffmpeg/args.ts SIGNAL_RATE): 480 samples a pair.
const STORED_SAMPLES_PER_PAIR = 480;
const PAIRS_PER_SECOND = 100;
// The route's coarsest answer: a pair per ten minutes.
const MAX_FACTOR = PAIRS_PER_SECOND * 600;

/**
 * The `samples_per_pixel` to ask the waveform route for so a sound of `durationS` seconds comes as
 * about one min/max pair per device pixel of a strip `widthPx` wide; undefined when the stored
 * resolution is already that coarse (a short clip).
 */
export function fitSamplesPerPixel(durationS: number | null, widthPx: number): number | undefined {
  if (!durationS || durationS <= 0 || widthPx <= 0) return undefined;
  const factor = Math.min(MAX_FACTOR, Math.floor((durationS * PAIRS_PER_SECOND) / widthPx));
  return factor > 1 ? factor * STORED_SAMPLES_PER_PAIR : undefined;
}
