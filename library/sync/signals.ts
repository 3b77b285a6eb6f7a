import { join } from "node:path";
import { LRUCache } from "lru-cache";
import type { Ffmpeg } from "../../adapters/ffmpeg.js";
import { EnvelopeBuilder } from "../../domain/sync/envelope.js";

/** Envelopes are made from the sound resampled to this rate: enough for speech, cheap to decode. */
const ENVELOPE_DECODE_RATE = 8000;
/** Samples per envelope value at the finest rate: 1 kHz, a millisecond per value. */
const BASE_BLOCK = 8;
export const BASE_ENVELOPE_RATE = ENVELOPE_DECODE_RATE / BASE_BLOCK;
/** A recording's envelope holds at most this many values (16 MB): a longer one gets coarser values. */
const MAX_ENVELOPE_VALUES = 4_000_000;
/** Recording envelopes kept between clips (64 MB): a day of recordings is decoded once per run. */
const CACHED_VALUES = 16_000_000;
/** Rumble and handling noise say nothing about where speech is; they are filtered out first. */
const ENVELOPE_FILTER = "highpass=f=120";

/** A decode's time limit: a minute, plus 20 ms for each second of sound. */
const decodeTimeoutMs = (seconds: number) => 60_000 + Math.ceil(seconds * 20);

/** How many finest envelope values one of a recording's values spans (1 up to an hour). */
export const envelopeMerge = (durationS: number): number =>
  Math.max(1, Math.ceil((durationS * BASE_ENVELOPE_RATE) / MAX_ENVELOPE_VALUES));

/**
 * The decodes one sync run makes, in bounded memory: envelopes streamed out of ffmpeg block by
 * block, recording envelopes kept in a size-bounded cache, full-rate audio only for short windows.
 */
export class SyncSignals {
  private readonly recordings = new LRUCache<number, Float32Array>({
    maxSize: CACHED_VALUES,
    sizeCalculation: (values) => Math.max(1, values.length),
  });

  constructor(
    private readonly ffmpeg: Ffmpeg,
    private readonly root: string,
    private readonly signal: AbortSignal,
  ) {}

  /** The envelope of a recording at BASE_ENVELOPE_RATE / envelopeMerge(its length). */
  async recording(id: number, relPath: string, durationS: number): Promise<Float32Array> {
    const cached = this.recordings.get(id);
    if (cached) return cached;
    const envelope = await this.envelope(relPath, durationS, BASE_BLOCK * envelopeMerge(durationS));
    this.recordings.set(id, envelope);
    return envelope;
  }

  /** The envelope of a camera clip's scratch track at BASE_ENVELOPE_RATE. */
  clip(relPath: string, durationS: number): Promise<Float32Array> {
    return this.envelope(relPath, durationS, BASE_BLOCK);
  }

  /** `durationS` seconds of sound from `startS`, mono at `rate`. */
  async window(relPath: string, rate: number, startS: number, durationS: number): Promise<Float32Array> {
    const out = new Float32Array(Math.ceil(durationS * rate) + 1);
    let filled = 0;
    await this.ffmpeg.decodePcm(
      join(this.root, relPath),
      {
        rate,
        startS,
        durationS,
        timeoutMs: decodeTimeoutMs(durationS),
        signal: this.signal,
      },
      (samples) => {
        const room = Math.min(samples.length, out.length - filled);
        out.set(samples.subarray(0, room), filled);
        filled += room;
      },
    );
    return out.subarray(0, filled);
  }

  private async envelope(relPath: string, durationS: number, block: number): Promise<Float32Array> {
    const builder = new EnvelopeBuilder(block, (durationS * ENVELOPE_DECODE_RATE) / block + 16);
    await this.ffmpeg.decodePcm(
      join(this.root, relPath),
      {
        rate: ENVELOPE_DECODE_RATE,
        filter: ENVELOPE_FILTER,
        timeoutMs: decodeTimeoutMs(durationS),
        signal: this.signal,
      },
      (samples) => builder.push(samples),
    );
    return builder.finish();
  }
}
