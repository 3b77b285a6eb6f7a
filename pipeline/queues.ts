import PQueue from "p-queue";
import type { Config } from "../state/config.js";
import type { Resource } from "./stages/types.js";

export type Queues = Readonly<Record<Resource, PQueue>>;

/** One queue per resource, so a slow model host never starves ffmpeg work and vice versa. */
export function createQueues(config: Config): Queues {
  return Object.freeze({
    cpu: new PQueue({ concurrency: config.cpuConcurrency }),
    asr: new PQueue({ concurrency: 1 }),
    modelhost: new PQueue({ concurrency: 2 }),
  });
}
