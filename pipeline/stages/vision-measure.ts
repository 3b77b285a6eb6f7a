import {
  type AudioStats,
  type AudioTrack,
  type Ffmpeg,
  type MotionSample,
  SIGNAL_RATE,
  SIGNAL_STEP_S,
  type Source,
} from "../../adapters/ffmpeg.js";
import type { ExposureStats, Images } from "../../adapters/images.js";

/**
 * The vision fields that are measured from pixels and samples instead of asked of a model: a
 * model guesses focus and loudness badly, and a measurement gives the same answer every run.
 */
export type Exposure = "under" | "normal" | "over";
export type Stability = "locked" | "steady" | "handheld" | "shaky";
export type AudioQuality = "none" | "silent" | "poor" | "fair" | "good" | "clipped";

export interface Measured {
  /** 0–1, rising with the variance of the Laplacian. */
  focus_score: number;
  exposure: Exposure;
  /** null for stills and for scenes too short to hold two sampled frames. */
  stability: Stability | null;
  audio_quality: AudioQuality | null;
}

/**
 * Why these numbers:
 * - focus: images.focus measures inside a 512 px box, where a variance of about 100 is the usual
 *   line between blurred and acceptably sharp (the common rule of thumb for this measure at that
 *   size), so 100 maps to 0.5; v / (v + 100) keeps the score monotonic and bounded with no cut-off.
 * - exposure: mid grey (18 % reflectance) encodes near 118 in sRGB. A mean below 50 is about two
 *   and a half stops under it, above 205 about two stops over (highlights compress, so the upper
 *   bound is nearer). A fifth of the picture crushed to black or blown to white is lost detail
 *   whatever the mean says.
 * - stability: mean absolute grey difference (0–1) between frames 0.2 s apart at 128×72. A tripod
 *   shot differs by codec noise only (well under half a grey level); a slow drift or a talking
 *   subject stays under 1.5 %; handheld sway stays under 5 %; beyond that the picture is jumping.
 *   Frame differences cannot tell camera motion from subject motion; the median ignores one flash.
 * - audio: speech recorded well sits around −30 to −12 dBFS RMS (broadcast dialogue is normalised
 *   near −23). Below −45 is close to a camera preamp's noise floor, below −60 nothing is audible.
 *   0.1 % of samples at full scale is already audible as crackle. A window that is half silence
 *   (gaps of 0.5 s or more under −50 dBFS) carries little sound; nine tenths is silence.
 */
export const MEASURE_THRESHOLDS = {
  focusHalfVariance: 100,
  underMean: 50,
  overMean: 205,
  clippedPixels: 0.2,
  lockedDiff: 0.004,
  steadyDiff: 0.015,
  handheldDiff: 0.05,
  silentDb: -60,
  poorDb: -45,
  fairLowDb: -30,
  fairHighDb: -6,
  clippedSamples: 0.001,
  poorSilence: 0.5,
  silentSilence: 0.9,
} as const;

const T = MEASURE_THRESHOLDS;

/** Frames 0.2 s apart: far enough that shake shows, near enough that a pan is not a new picture. */
const STABILITY_STEP_S = SIGNAL_STEP_S;
const STABILITY_FRAMES = 6;
const STABILITY_WIDTH = 160;

export function focusScore(laplacianVariance: number): number {
  if (!(laplacianVariance > 0)) return 0;
  if (laplacianVariance === Number.POSITIVE_INFINITY) return 1;
  return laplacianVariance / (laplacianVariance + T.focusHalfVariance);
}

export function exposureLabel(e: ExposureStats): Exposure {
  const under = e.mean < T.underMean || e.shadowsClipped >= T.clippedPixels;
  const over = e.mean > T.overMean || e.highlightsClipped >= T.clippedPixels;
  // Both at once is a high-contrast frame; the larger clipped share is the worse loss.
  if (under && over) return e.shadowsClipped >= e.highlightsClipped ? "under" : "over";
  if (under) return "under";
  if (over) return "over";
  return "normal";
}

export function stabilityLabel(meanDiffs: number[]): Stability {
  if (meanDiffs.length === 0 || meanDiffs.some((d) => !Number.isFinite(d) || d < 0)) {
    throw new RangeError(`stability needs one or more differences ≥ 0, got [${meanDiffs.join(", ")}]`);
  }
  const sorted = [...meanDiffs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  if (median < T.lockedDiff) return "locked";
  if (median < T.steadyDiff) return "steady";
  if (median < T.handheldDiff) return "handheld";
  return "shaky";
}

export function audioQualityLabel(stats: AudioStats | null): AudioQuality {
  if (stats === null) return "none";
  const { rmsDb, clippedShare, silentShare } = stats;
  if (rmsDb === null || rmsDb < T.silentDb || silentShare >= T.silentSilence) return "silent";
  if (clippedShare >= T.clippedSamples) return "clipped";
  if (rmsDb < T.poorDb || silentShare >= T.poorSilence) return "poor";
  if (rmsDb < T.fairLowDb || rmsDb > T.fairHighDb) return "fair";
  return "good";
}

/**
 * How many frames a scene's stability is judged on, and where the first is: centred, because a
 * scene's edges are where a cut's neighbour could leak in.
 */
function stabilityWindow(startS: number, endS: number): { count: number; atS: number } {
  const count = Math.min(STABILITY_FRAMES, Math.floor((endS - startS) / STABILITY_STEP_S));
  return { count, atS: Math.max(startS, (startS + endS - count * STABILITY_STEP_S) / 2) };
}

async function sceneStability(
  input: { file: Source; startS: number; endS: number },
  tools: { images: Images; ffmpeg: Ffmpeg },
  signal: AbortSignal,
): Promise<Stability | null> {
  const { count, atS } = stabilityWindow(input.startS, input.endS);
  if (count < 2) return null;
  const frames = await tools.ffmpeg.framesAround(
    input.file,
    atS,
    count,
    STABILITY_STEP_S,
    STABILITY_WIDTH,
    signal,
  );
  const diffs: number[] = [];
  for (let i = 1; i < frames.length; i++) {
    signal.throwIfAborted();
    const [a, b] = [frames[i - 1], frames[i]];
    if (a && b) diffs.push(await tools.images.difference(a, b));
  }
  return diffs.length > 0 ? stabilityLabel(diffs) : null;
}

/**
 * A scene's stability from the motion the analysis pass measured over the whole clip: as many
 * frame pairs, 0.2 s apart and centred on the scene, as sceneStability decodes for it.
 */
export function stabilityFromMotion(
  motion: readonly MotionSample[],
  startS: number,
  endS: number,
): Stability | null {
  const { count } = stabilityWindow(startS, endS);
  if (count < 2) return null;
  // Pairs with both frames inside the scene (a millisecond of slack for the grid's rounding),
  // then the middle ones of those.
  const inside = motion.filter((m) => m.timeS - STABILITY_STEP_S >= startS - 1e-3 && m.timeS < endS - 1e-3);
  const skip = Math.max(0, Math.floor((inside.length - (count - 1)) / 2));
  const diffs = inside.slice(skip, skip + count - 1).map((m) => m.diff);
  return diffs.length > 0 ? stabilityLabel(diffs) : null;
}

const overlap = (a: number, b: number, start: number, end: number) =>
  Math.max(0, Math.min(b, end) - Math.max(a, start));

/**
 * A scene's sound from the windows the analysis pass measured: level and clipping weighted by how
 * much of each window falls inside the scene, silence as the share of the scene inside a silence
 * of the whole track, and any part the track does not reach counted as silent, as audioStats does.
 */
export function audioStatsFromTrack(track: AudioTrack, startS: number, endS: number): AudioStats {
  if (!(startS >= 0 && endS > startS)) {
    throw new RangeError(`a scene needs 0 ≤ start < end, got ${startS} s to ${endS} s`);
  }
  let weight = 0;
  let power = 0;
  let peak: number | null = null;
  const clipped: number[] = [];
  let coveredS = 0;
  for (const w of track.windows) {
    const lengthS = w.samples / SIGNAL_RATE;
    const inside = overlap(w.startS, w.startS + lengthS, startS, endS);
    if (inside <= 0) continue;
    coveredS += inside;
    const share = (inside / lengthS) * w.samples;
    weight += share;
    if (w.rmsDb !== null) power += share * 10 ** (w.rmsDb / 10);
    if (w.peakDb !== null) peak = Math.max(peak ?? Number.NEGATIVE_INFINITY, w.peakDb);
    w.clipped.forEach((c, channel) => {
      clipped[channel] = (clipped[channel] ?? 0) + share * c;
    });
  }
  const silentS = track.silences.reduce((sum, s) => sum + overlap(s.start, s.end, startS, endS), 0);
  const missingS = Math.max(0, endS - startS - coveredS);
  return {
    rmsDb: weight > 0 && power > 0 ? 10 * Math.log10(power / weight) : null,
    peakDb: peak,
    clippedShare: weight > 0 ? Math.max(0, ...clipped.map((c) => c / weight)) : 0,
    silentShare: Math.min(1, (silentS + missingS) / (endS - startS)),
  };
}

/** Focus and exposure of a key frame. */
export async function measurePicture(
  keyframe: Buffer,
  images: Images,
): Promise<Pick<Measured, "focus_score" | "exposure">> {
  const variance = await images.focus(keyframe);
  const light = await images.exposure(keyframe);
  return { focus_score: focusScore(variance), exposure: exposureLabel(light) };
}

/** What measuring needs; `warn` hears what could not be measured (the field is then null). */
export interface MeasureTools {
  images: Images;
  ffmpeg: Ffmpeg;
  warn?: (reason: string) => void;
}

/** Focus and exposure from the key frame; stability and audio from the scene's window of the file. */
export async function measureScene(
  input: { file: Source; kind: "video" | "image"; keyframe: Buffer; startS: number; endS: number },
  tools: MeasureTools,
  signal: AbortSignal,
): Promise<Measured> {
  signal.throwIfAborted();
  const pictured = await measurePicture(input.keyframe, tools.images);
  if (input.kind === "image") return { ...pictured, stability: null, audio_quality: "none" };
  if (!(input.startS >= 0 && input.endS > input.startS)) {
    throw new RangeError(`a scene needs 0 ≤ start < end, got ${input.startS} s to ${input.endS} s`);
  }
  signal.throwIfAborted();
  const stability = await sceneStability(input, tools, signal);
  // A broken audio stream must not cost the scene its picture fields: its quality is just unknown.
  let audioQuality: AudioQuality | null = null;
  try {
    const audio = await tools.ffmpeg.audioStats(input.file, input.startS, input.endS - input.startS, signal);
    audioQuality = audioQualityLabel(audio);
  } catch (error) {
    if (signal.aborted) throw error;
    tools.warn?.(`the scene's audio could not be measured: ${(error as Error).message}`);
  }
  return { ...pictured, stability, audio_quality: audioQuality };
}
