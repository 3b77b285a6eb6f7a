import type { Logger } from "pino";
import type { DecodeInput } from "../../adapters/ffmpeg.js";
import type { Adapters } from "../../adapters/index.js";
import { labelPaths } from "../../domain/redact.js";
import type { Config } from "../../state/config.js";
import type { MediaKind } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";
import type { VectorSink } from "../embedding.js";
import type { Queues } from "../queues.js";

/**
 * The stages in the order an item goes through them. The playback proxy comes last: every stage
 * search reads (transcript, vision, embed) and the thumbnails are in before an encode that can take
 * several times the clip's length starts, the model-host stages of one item overlap the encodes of
 * others, and an encode that fails keeps nothing else of the item out of search.
 */
export const STAGES = ["probe", "thumbnails", "frames", "transcript", "vision", "embed", "proxy"] as const;
export type StageName = (typeof STAGES)[number];

/** The resource a stage's work is queued on; each has its own concurrency. */
export type Resource = "cpu" | "asr" | "modelhost";

export interface PassOptions {
  refresh: boolean;
  regenerateThumbnails: boolean;
  noEmbed: boolean;
  /** Run only the vision stage, over items already ingested. */
  visionOnly?: boolean;
  /** Force this transcription language instead of detecting it. */
  language?: string | undefined;
}

/** Whether a model a stage needs can be used; checked once when a pass starts. */
export interface ModelReadiness {
  ok: boolean;
  /** Why not, fit to show an operator (names the `ollama pull` command for a missing model). */
  reason: string;
}

export interface PassModels {
  readonly vision: ModelReadiness;
  readonly embed: ModelReadiness;
}

export interface StageDeps {
  readonly config: Config;
  readonly adapters: Adapters;
  readonly store: LibraryStore;
  readonly log: Logger;
  readonly options: PassOptions;
  readonly models: PassModels;
  readonly vectors: VectorSink;
  /** The process's queues: a stage queued on one resource puts any decode or image work on `cpu`. */
  readonly queues: Queues;
}

export interface StageItem {
  readonly mediaId: number;
  readonly relPath: string;
  readonly absPath: string;
  /** What ffmpeg decodes for this item and the filters that show its picture (pipeline/decode-input.ts). */
  readonly input: DecodeInput;
  readonly kind: MediaKind;
  readonly durationS: number | null;
}

/**
 * Text about an item as editors and the log may see it: its absolute path as its path in the
 * project, any other path under the project root from `<root>`.
 */
export const labelItemPaths = (item: Pick<StageItem, "absPath" | "relPath">, root: string) =>
  labelPaths([
    { path: item.absPath, label: item.relPath },
    { path: root, label: "<root>" },
  ]);

/** What a stage reports; the runner persists it. */
export interface StageResult {
  status: "done" | "not_configured" | "skipped";
  detail?: string;
  thumbPath?: string;
}

export interface Stage {
  readonly name: Exclude<StageName, "probe">;
  readonly resource: Resource;
  /**
   * The outcome when the item needs none of the stage's work (a still has no playback proxy to
   * make), given without waiting for a slot on the stage's resource: an item waiting there only to
   * be told so would hold its place in the pass while others' decodes run. Null when `run` must.
   */
  settle?(item: StageItem, deps: StageDeps): StageResult | null;
  /** The stage's work, on a slot of its resource; called only when `settle` gave no outcome. */
  run(item: StageItem, deps: StageDeps, signal: AbortSignal): Promise<StageResult>;
}

/** A per-file failure with a reason fit to show an editor. */
export class StageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StageError";
  }
}
