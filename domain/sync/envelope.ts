/**
 * Loudness envelopes of sound, the coarse signal waveform sync correlates first: the RMS level of
 * each block of samples, so an hour of speech becomes a few million numbers that still rise and
 * fall with every syllable, whatever microphone heard it and at whatever gain.
 */

/** Gathers an envelope from samples arriving in pieces of any size (a streamed decode). */
export class EnvelopeBuilder {
  private values: Float32Array;
  private length = 0;
  private sum = 0;
  private filled = 0;

  /** `block` samples per envelope value; `expected` values, a hint that spares regrowing. */
  constructor(
    private readonly block: number,
    expected = 1024,
  ) {
    if (!Number.isInteger(block) || block < 1) throw new RangeError(`not a block size: ${block}`);
    this.values = new Float32Array(Math.max(16, Math.ceil(expected)));
  }

  push(samples: Float32Array): void {
    for (let i = 0; i < samples.length; i += 1) {
      const s = samples[i] as number;
      this.sum += s * s;
      this.filled += 1;
      if (this.filled === this.block) this.close();
    }
  }

  /** The envelope; a last block shorter than half a block is dropped (it would read as quieter). */
  finish(): Float32Array {
    if (this.filled * 2 >= this.block) this.close();
    return this.values.slice(0, this.length);
  }

  private close(): void {
    if (this.length === this.values.length) {
      const grown = new Float32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = Math.sqrt(this.sum / this.filled);
    this.length += 1;
    this.sum = 0;
    this.filled = 0;
  }
}

/** An envelope with `k` of its blocks merged into one (the RMS of theirs), for a coarser rate. */
export function coarsen(envelope: Float32Array, k: number): Float32Array {
  if (k === 1) return envelope;
  const out = new Float32Array(Math.floor(envelope.length / k));
  for (let i = 0; i < out.length; i += 1) {
    let sum = 0;
    for (let j = i * k; j < (i + 1) * k; j += 1) sum += (envelope[j] as number) ** 2;
    out[i] = Math.sqrt(sum / k);
  }
  return out;
}

/** The loudest value of a signal or envelope, as an amplitude (1 = full scale). */
export function peakLevel(values: Float32Array): number {
  let peak = 0;
  for (const v of values) peak = Math.max(peak, Math.abs(v));
  return peak;
}
