import type { ProbeReport, ProbeStream } from "../../adapters/ffprobe.js";
import { isVariableRate } from "../../domain/frame-timing.js";
import { type FrameRate, fpsOf, frameRateText, MAX_FPS, parseFrameRate } from "../../formats/timecode.js";
import type { ProbeFields } from "../../state/repos/media.js";

// Two rate fields this close name one rate written two ways (an imprecise container duration).
const SAME_RATE = 0.001;

type Timing = Pick<ProbeFields, "fps" | "fps_rational" | "vfr">;

/** A rate field ffprobe filled with something other than "unknown" (0/0) that is not a rate. */
const nonsense = (field: string | undefined) =>
  field !== undefined && field !== "0/0" && parseFrameRate(field) === null;

/**
 * The stream's exact rate: the average when it and the base rate agree or when the frame timing
 * varies (the base rate then means nothing), the base rate when the average is the same rate
 * written imprecisely, the average when they truly differ (a field rate twice the frame rate).
 */
function exactRate(stream: ProbeStream, vfr: boolean | null): FrameRate | null {
  const average = parseFrameRate(stream.avg_frame_rate);
  const base = parseFrameRate(stream.r_frame_rate);
  if (!average || !base || vfr) return average ?? base;
  const off = Math.abs(fpsOf(average) - fpsOf(base)) / fpsOf(base);
  return off > 0 && off <= SAME_RATE ? base : average;
}

/**
 * fps, fps_rational and vfr of a picture stream, the timing judged from the packets the probe
 * listed; a rate field that is not a rate is a problem and leaves the rate unknown.
 */
export function frameTiming(report: ProbeReport, stream: ProbeStream, problems: string[]): Timing {
  const times = report.packets
    .filter((packet) => packet.stream_index === stream.index && packet.pts_time !== undefined)
    .map((packet) => Number(packet.pts_time));
  const vfr = isVariableRate(times);
  const rate = exactRate(stream, vfr);
  if (!rate && (nonsense(stream.avg_frame_rate) || nonsense(stream.r_frame_rate))) {
    const claimed = stream.avg_frame_rate !== "0/0" ? stream.avg_frame_rate : stream.r_frame_rate;
    problems.push(
      `frame rate ${String(claimed).slice(0, 24)} is not a rate (0, or over ${MAX_FPS} fps): none kept`,
    );
  }
  return {
    fps: rate ? Math.round(fpsOf(rate) * 1000) / 1000 : null,
    fps_rational: rate ? frameRateText(rate) : null,
    vfr: vfr === null ? null : vfr ? 1 : 0,
  };
}
