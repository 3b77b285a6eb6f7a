import type { PcmSink, WavFormat } from "./wav-stream.js";

/**
 * Waveform peaks in the BBC audiowaveform layouts (doc/DataFormat.md), which peaks.js and
 * waveform-data.js read: the binary `.dat` version 2 (a 24-byte little-endian header, then one
 * min/max pair per bucket) and its JSON twin. svc keeps one channel of 8-bit values, 100 buckets
 * per second of sound.
 */

/** Buckets per second of sound: fine enough to see a clap's frame, 2.16 M pairs (4.3 MB) for six hours. */
export const PEAKS_PER_SECOND = 100;
/** The coarsest answer: one bucket per ten minutes at the stored resolution's rate. */
export const MAX_COARSEN = PEAKS_PER_SECOND * 600;

const DAT_VERSION = 2;
const DAT_HEADER_BYTES = 24;
/** Flags bit 0: 8-bit values. */
const EIGHT_BIT = 1;

const samplesPerBucket = (sampleRate: number) => Math.max(1, Math.round(sampleRate / PEAKS_PER_SECOND));

export interface Peaks {
  /** Samples per second of the sound the peaks were taken from. */
  readonly sampleRate: number;
  /** Samples (per channel) each bucket covers. */
  readonly samplesPerPixel: number;
  /** min0, max0, min1, max1, …: int8, a 16-bit sample's upper byte. */
  readonly data: Int8Array;
}

/** The audiowaveform JSON answer (version 2, one channel, 8 bits). */
export interface PeaksJson {
  version: 2;
  channels: 1;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8;
  length: number;
  data: number[];
}

export function encodePeaksDat(peaks: Peaks): Buffer {
  const out = Buffer.alloc(DAT_HEADER_BYTES + peaks.data.length);
  out.writeInt32LE(DAT_VERSION, 0);
  out.writeUInt32LE(EIGHT_BIT, 4);
  out.writeInt32LE(peaks.sampleRate, 8);
  out.writeInt32LE(peaks.samplesPerPixel, 12);
  out.writeUInt32LE(peaks.data.length / 2, 16);
  out.writeInt32LE(1, 20);
  out.set(new Uint8Array(peaks.data.buffer, peaks.data.byteOffset, peaks.data.length), DAT_HEADER_BYTES);
  return out;
}

/** Reads a `.dat` svc wrote; anything else (another version, 16 bits, several channels, cut short) throws. */
export function decodePeaksDat(bytes: Buffer): Peaks {
  if (bytes.length < DAT_HEADER_BYTES) throw new Error("waveform data shorter than its header");
  const version = bytes.readInt32LE(0);
  const flags = bytes.readUInt32LE(4);
  const sampleRate = bytes.readInt32LE(8);
  const samplesPerPixel = bytes.readInt32LE(12);
  const length = bytes.readUInt32LE(16);
  const channels = bytes.readInt32LE(20);
  if (version !== DAT_VERSION || (flags & EIGHT_BIT) === 0 || channels !== 1)
    throw new Error(`waveform data is not version 2, 8-bit, one channel (v${version}, ${channels} ch)`);
  if (!(sampleRate > 0) || !(samplesPerPixel > 0) || bytes.length !== DAT_HEADER_BYTES + length * 2)
    throw new Error("waveform data header does not match its size");
  const data = new Int8Array(length * 2);
  data.set(new Int8Array(bytes.buffer, bytes.byteOffset + DAT_HEADER_BYTES, length * 2));
  return { sampleRate, samplesPerPixel, data };
}

/** `factor` buckets become one: the lowest minimum and the highest maximum among them. */
export function coarsenPeaks(peaks: Peaks, factor: number): Peaks {
  if (!Number.isInteger(factor) || factor < 1)
    throw new Error(`coarsening needs a whole factor ≥ 1, got ${factor}`);
  if (factor === 1) return peaks;
  const length = peaks.data.length / 2;
  const data = new Int8Array(Math.ceil(length / factor) * 2);
  for (let out = 0; out * factor < length; out++) {
    let min = 127;
    let max = -128;
    for (let i = out * factor; i < Math.min(length, (out + 1) * factor); i++) {
      min = Math.min(min, peaks.data[i * 2] as number);
      max = Math.max(max, peaks.data[i * 2 + 1] as number);
    }
    data[out * 2] = min;
    data[out * 2 + 1] = max;
  }
  return { sampleRate: peaks.sampleRate, samplesPerPixel: peaks.samplesPerPixel * factor, data };
}

export function peaksJson(peaks: Peaks): PeaksJson {
  return {
    version: 2,
    channels: 1,
    sample_rate: peaks.sampleRate,
    samples_per_pixel: peaks.samplesPerPixel,
    bits: 8,
    length: peaks.data.length / 2,
    data: Array.from(peaks.data),
  };
}

/**
 * A picture of the peaks as SVG, `width` × `height` (an audio file's thumbnail): one vertical
 * stroke per column from its lowest to its highest value, light blue on black, silence a flat line.
 */
export function waveformSvg(peaks: Peaks | null, width: number, height: number): string {
  const length = peaks ? peaks.data.length / 2 : 0;
  const columns = peaks && length > 0 ? coarsenPeaks(peaks, Math.max(1, Math.ceil(length / width))) : null;
  const mid = height / 2;
  const y = (value: number) => (mid - (value / 128) * mid).toFixed(1);
  const strokes: string[] = [];
  const count = columns ? columns.data.length / 2 : 0;
  for (let x = 0; x < count; x++) {
    const low = columns?.data[x * 2] ?? 0;
    const high = columns?.data[x * 2 + 1] ?? 0;
    // Half a pixel either way, so a silent column still shows as the centre line.
    strokes.push(`M${x + 0.5} ${(Number(y(high)) - 0.5).toFixed(1)}V${(Number(y(low)) + 0.5).toFixed(1)}`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#000"/>` +
    `<path d="${strokes.join("")}" stroke="#4fc3f7" stroke-width="1" fill="none"/></svg>`
  );
}

/**
 * Peaks of 16-bit PCM as it streams (formats/wav-stream.ts): only the peaks grow, two bytes per
 * bucket. Every channel counts: a bucket holds the lowest and highest sample of any channel in
 * it, so a lavalier on one track of a polyphonic recording shows at its own level rather than
 * averaged down by the silent ones.
 */
export class PeakReducer implements PcmSink {
  private format: WavFormat | null = null;
  private out = new Int8Array(2 * 4096);
  private length = 0;
  private min = 32767;
  private max = -32768;
  private channel = 0;
  private frames = 0;

  add(samples: Int16Array, format: WavFormat): void {
    this.format = format;
    const channels = format.channels;
    const perBucket = samplesPerBucket(format.sampleRate);
    let { min, max, channel, frames } = this;
    for (let i = 0; i < samples.length; i++) {
      const sample = samples[i] as number;
      if (sample < min) min = sample;
      if (sample > max) max = sample;
      if (++channel < channels) continue;
      channel = 0;
      if (++frames < perBucket) continue;
      this.min = min;
      this.max = max;
      this.bucket();
      min = 32767;
      max = -32768;
      frames = 0;
    }
    this.min = min;
    this.max = max;
    this.channel = channel;
    this.frames = frames;
  }

  /** The peaks of everything added; null when no sample came. */
  finish(): Peaks | null {
    if (!this.format) return null;
    if (this.frames > 0) this.bucket();
    if (this.length === 0) return null;
    return {
      sampleRate: this.format.sampleRate,
      samplesPerPixel: samplesPerBucket(this.format.sampleRate),
      data: this.out.slice(0, this.length * 2),
    };
  }

  private bucket(): void {
    if (this.length * 2 === this.out.length) {
      const grown = new Int8Array(this.out.length * 2);
      grown.set(this.out);
      this.out = grown;
    }
    // audiowaveform's 8-bit values are the upper byte of the 16-bit sample.
    this.out[this.length * 2] = this.min >> 8;
    this.out[this.length * 2 + 1] = this.max >> 8;
    this.length += 1;
    this.min = 32767;
    this.max = -32768;
    this.frames = 0;
  }
}
