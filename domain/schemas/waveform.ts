import { z } from "zod";

/**
 * An item's waveform peaks in the BBC audiowaveform JSON format (version 2), which peaks.js and
 * waveform-data.js read as they are: one channel, 8-bit values, a min/max pair per bucket of
 * `samples_per_pixel` samples at `sample_rate`.
 */
export const WAVEFORM = z
  .object({
    version: z.literal(2),
    channels: z.literal(1),
    sample_rate: z.int().describe("Samples per second of the sound the peaks were taken from"),
    samples_per_pixel: z.int().describe("Samples each min/max pair covers"),
    bits: z.literal(8),
    length: z.int().describe("Min/max pairs in data"),
    data: z.array(z.int().min(-128).max(127)).describe("min0, max0, min1, max1, …"),
  })
  .meta({ id: "Waveform" });
export type Waveform = z.infer<typeof WAVEFORM>;
