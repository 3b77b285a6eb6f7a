/**
 * Cross-correlation for waveform sync, on fft.js's transforms (a maintained, dependency-free
 * radix-4 FFT): a short signal (the camera's scratch track) against a long one (a recording),
 * block by block (overlap-save), so the long one is never transformed whole and memory stays
 * proportional to the short one.
 */
import FFT from "fft.js";

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/** A transform of `size` points and its scratch arrays, made once per correlation. */
class Transform {
  readonly fft: FFT;
  readonly spectrum: number[];
  readonly output: number[];
  readonly input: Float64Array;

  constructor(readonly size: number) {
    this.fft = new FFT(size);
    this.spectrum = this.fft.createComplexArray();
    this.output = this.fft.createComplexArray();
    this.input = new Float64Array(size);
  }

  /** The full spectrum of `input` (real), into a new array. */
  forward(): number[] {
    this.fft.realTransform(this.spectrum, this.input);
    this.fft.completeSpectrum(this.spectrum);
    return [...this.spectrum];
  }

  /**
   * Circular cross-correlation of `input` with the signal whose spectrum is `reference`:
   * output[2i] = Σ input[n + i] · reference-signal[n].
   */
  correlate(reference: readonly number[]): number[] {
    this.fft.realTransform(this.spectrum, this.input);
    this.fft.completeSpectrum(this.spectrum);
    const s = this.spectrum;
    for (let i = 0; i < s.length; i += 2) {
      const [a, b] = [s[i] as number, s[i + 1] as number];
      const [c, d] = [reference[i] as number, -(reference[i + 1] as number)];
      s[i] = a * c - b * d;
      s[i + 1] = a * d + b * c;
    }
    this.fft.inverseTransform(this.output, s);
    return this.output;
  }
}

export interface EnvelopeMatch {
  /**
   * Where the short signal's first value falls in the long one, in values of the long one:
   * negative when the short one starts before the long one does.
   */
  lag: number;
  /** The normalised correlation (Pearson's r) at that lag, −1…1. */
  peak: number;
  /** The best normalised correlation at least `exclusion` values away from the peak. */
  runnerUp: number;
  /** min(peak, 2 × (peak − runnerUp)), within 0…1: high only for a strong and distinct peak. */
  confidence: number;
}

/** A recording window flatter than this share of the recording's spread is silence: no match there. */
const FLAT = 1e-3;

/**
 * The best place of `short` in `long` by normalised cross-correlation (each lag's r over the
 * values the two share), allowing `short` to hang over either end of `long` by up to half of
 * the shorter one's length (a recorder started after the camera, or stopped before it). Null
 * when `short` is flat (silence) or `long` is, or they cannot overlap enough.
 */
export function matchEnvelope(
  short: Float32Array,
  long: Float32Array,
  exclusion: number,
): EnvelopeMatch | null {
  const m = short.length;
  const minOverlap = Math.floor(Math.min(m, long.length) / 2);
  if (minOverlap < 4) return null;
  const pad = m - minOverlap;
  const lags = long.length + 2 * pad - m + 1;
  const at = (j: number) => (j >= pad && j - pad < long.length ? (long[j - pad] as number) : 0);

  let mean = 0;
  for (const v of short) mean += v;
  mean /= m;
  let norm = 0;
  for (const v of short) norm += (v - mean) ** 2;
  const spread = spreadOf(long);
  if (norm <= 1e-18 || spread <= 1e-18) return null;
  norm = Math.sqrt(norm);

  const t = new Transform(nextPow2(2 * m));
  const step = t.size - m + 1;
  t.input.fill(0);
  for (let i = 0; i < m; i += 1) t.input[i] = (short[i] as number) - mean;
  const reference = t.forward();

  const r = new Float32Array(lags);
  const floor = (FLAT * spread) ** 2 * m;
  for (let start = 0; start < lags; start += step) {
    for (let i = 0; i < t.size; i += 1) t.input[i] = at(start + i);
    const corr = t.correlate(reference);
    // The window's sums are taken afresh each block, then slid, so rounding cannot pile up.
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < m; i += 1) {
      const v = at(start + i);
      s1 += v;
      s2 += v * v;
    }
    const end = Math.min(step, lags - start);
    for (let i = 0; i < end; i += 1) {
      const variance = s2 - (s1 * s1) / m;
      r[start + i] = variance > floor ? (corr[2 * i] as number) / (norm * Math.sqrt(variance)) : 0;
      const [out, inn] = [at(start + i), at(start + i + m)];
      s1 += inn - out;
      s2 += inn * inn - out * out;
    }
  }

  let best = 0;
  for (let i = 1; i < lags; i += 1) if ((r[i] as number) > (r[best] as number)) best = i;
  let runnerUp = 0;
  for (let i = 0; i < lags; i += 1)
    if (Math.abs(i - best) > exclusion) runnerUp = Math.max(runnerUp, r[i] as number);
  const peak = Math.min(1, r[best] as number);
  return { lag: best - pad, peak, runnerUp, confidence: clamp01(Math.min(peak, 2 * (peak - runnerUp))) };
}

/**
 * The lag in 0…window.length − segment.length where `segment` lines up best with `window`: the
 * largest cross-correlation in magnitude (a microphone wired in opposite polarity still matches).
 */
export function bestLag(segment: Float32Array, window: Float32Array): number {
  const lags = window.length - segment.length + 1;
  if (lags < 1) throw new RangeError("the window is shorter than the segment");
  const t = new Transform(nextPow2(window.length));
  t.input.fill(0);
  t.input.set(segment);
  const reference = t.forward();
  t.input.fill(0);
  t.input.set(window);
  const corr = t.correlate(reference);
  let best = 0;
  for (let i = 1; i < lags; i += 1)
    if (Math.abs(corr[2 * i] as number) > Math.abs(corr[2 * best] as number)) best = i;
  return best;
}

/** The standard deviation of a signal. */
function spreadOf(values: Float32Array): number {
  let sum = 0;
  let squares = 0;
  for (const v of values) {
    sum += v;
    squares += v * v;
  }
  const n = Math.max(1, values.length);
  return Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
