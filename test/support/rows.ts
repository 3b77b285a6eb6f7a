import type { ProbeFields, StageOutcome } from "../../state/repos/media.js";
import type { LibraryStore, RegistryStore } from "../../state/stores.js";

/** A small video's probe, for tests that need media rows without probing a file. */
export const CLIP_PROBE: ProbeFields = {
  duration_s: 1,
  codec: "h264",
  audio_codec: null,
  fps: 25,
  width: 320,
  height: 240,
  start_timecode: null,
  audio_tracks: 0,
  creation_date: null,
  metadata_json: null,
};

/** A stage that finished now. */
export const stageDone = (stage: string): StageOutcome => ({
  stage,
  status: "done",
  detail: null,
  startedAt: new Date().toISOString(),
  elapsedMs: 1,
});

/** A probed clip row `clip-N.mp4` (fingerprint `fN`) with no file behind it; returns its id. */
export function seedClip(lib: LibraryStore, n: number): number {
  const file = {
    relPath: `clip-${n}.mp4`,
    kind: "video" as const,
    size: 1,
    mtimeMs: 1,
    fingerprint: `f${n}`,
  };
  return lib.media.saveProbe(file, CLIP_PROBE, stageDone("probe"));
}

/** A stored one-turn conversation, for tests that read or delete chat history. */
export function seedConversation(registry: RegistryStore, id: string, title: string): string {
  registry.conversations.addTurn({
    conversationId: id,
    title,
    projectScope: [],
    prompt: "hello",
    answer: "hi",
    intent: "general",
    scenes: [],
    tokensUsed: 2,
    latencyMs: 1,
  });
  return id;
}
