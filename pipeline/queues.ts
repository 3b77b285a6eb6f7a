import { availableParallelism } from "node:os";
import PQueue from "p-queue";
import type { Ffmpeg } from "../adapters/ffmpeg.js";
import type { Config } from "../state/config.js";
import type { Resource } from "./stages/types.js";

export type Queues = Readonly<Record<Resource, PQueue>>;

// Calls each model host (SVC_MODEL_HOSTS) is given at once: one runs while the next is sent.
const CALLS_PER_MODEL_HOST = 2;

/**
 * One queue per resource, so a slow model host never starves ffmpeg work and vice versa. A
 * process makes them once and every pass shares them: two passes on two projects still run no
 * more decodes at once than `cpuConcurrency` allows. Model-host work grows with the hosts
 * configured, speech work with the transcription servers (`asrServers`, one by default), so
 * every added GPU box takes its share.
 */
export function createQueues(config: Config, asrServers = 1): Queues {
  return Object.freeze({
    cpu: new PQueue({ concurrency: config.cpuConcurrency }),
    asr: new PQueue({ concurrency: Math.max(1, asrServers) }),
    modelhost: new PQueue({ concurrency: CALLS_PER_MODEL_HOST * Math.max(1, config.modelHosts.length) }),
  });
}

/**
 * The same ffmpeg with every call waiting for a slot on the CPU queue, for stages queued on
 * another resource. Never for a stage already running on the CPU queue: it would wait for itself.
 */
export function onCpuQueue(ffmpeg: Ffmpeg, queues: Queues): Ffmpeg {
  const cpu = <T>(work: () => Promise<T>, signal: AbortSignal | undefined) =>
    queues.cpu.add(work, signal ? { signal } : {});
  return {
    path: ffmpeg.path,
    frameAt: (file, atS, width, signal, keyframe, lut) =>
      cpu(() => ffmpeg.frameAt(file, atS, width, signal, keyframe, lut), signal),
    sprite: (file, sprite, options, signal) =>
      cpu(() => ffmpeg.sprite(file, sprite, options, signal), signal),
    audioPeaks: (file, timeoutMs, signal) => cpu(() => ffmpeg.audioPeaks(file, timeoutMs, signal), signal),
    extractAudio: (file, out, opts) => cpu(() => ffmpeg.extractAudio(file, out, opts), opts.signal),
    silences: (file, opts) => cpu(() => ffmpeg.silences(file, opts), opts.signal),
    decodePcm: (file, opts, onSamples) => cpu(() => ffmpeg.decodePcm(file, opts, onSamples), opts.signal),
    analyse: (file, options, signal) => cpu(() => ffmpeg.analyse(file, options, signal), signal),
    audioStats: (file, startS, durationS, signal) =>
      cpu(() => ffmpeg.audioStats(file, startS, durationS, signal), signal),
    framesAround: (file, atS, count, stepS, width, signal) =>
      cpu(() => ffmpeg.framesAround(file, atS, count, stepS, width, signal), signal),
    renderSample: (piece, speechWav, out, signal) =>
      cpu(() => ffmpeg.renderSample(piece, speechWav, out, signal), signal),
    editorProxy: (file, out, options) => cpu(() => ffmpeg.editorProxy(file, out, options), options.signal),
  };
}

/**
 * Decoder threads for a decode starting now on the CPU queue: the cores shared among the decodes
 * running (this one included), or undefined (ffmpeg's own one per core) when it runs alone. Two
 * frame-threaded decodes on two cores spend about a tenth more CPU on handing frames between
 * threads than two single-threaded ones, and finish no sooner; one alone finishes in two thirds
 * of the time with every core.
 */
export function decodeThreads(queues: Queues, cores = availableParallelism()): number | undefined {
  const share = Math.floor(cores / Math.max(1, queues.cpu.pending));
  return share >= cores ? undefined : Math.max(1, share);
}
