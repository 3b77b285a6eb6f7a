// pipeline/'s public face: library/ (and the transports above it) import the pipeline from here
// only, so a stage's internals can change without reaching past this list (test/unit/layers.test.ts).
export { cameraProxyOf, proxyIn } from "./camera-proxy.js";
export { decodeInputOf, sequenceOf, stageItemOf } from "./decode-input.js";
export { embedItems, NO_VECTORS, planEmbedding, type VectorSink } from "./embedding.js";
export { lutPathFor } from "./luts.js";
export { readIxml } from "./probe/sound.js";
export { createQueues, onCpuQueue, type Queues } from "./queues.js";
export { type Category, type Counts, countOutcomes, passExitCode, reconcile } from "./reconcile.js";
export { type FileEvent, rootPresent, runFiles } from "./runner.js";
export {
  RootUnavailableError,
  type ScannedFile,
  type ScanResult,
  scanFiles,
  scanTree,
} from "./scan.js";
export { probeFile } from "./stages/probe.js";
export { proxyReason } from "./stages/proxy.js";
export { sceneSignalsOf, withSceneSignals } from "./stages/signals.js";
export { SPRITE_STAGE } from "./stages/sprite.js";
export { stillThumbnail, THUMB_WIDTH, videoThumbnail } from "./stages/thumbnails.js";
export { transcriptStage } from "./stages/transcript.js";
export {
  type ModelReadiness,
  type PassModels,
  type PassOptions,
  STAGES,
  type StageDeps,
} from "./stages/types.js";
