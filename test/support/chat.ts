import type { FileIdentity } from "../../state/repos/media.js";
import { openLibrary } from "../../state/stores.js";
import type { ChatScriptRequest } from "./modelhost-server.js";
import { CLIP_PROBE, stageDone } from "./rows.js";

/** The body of a `POST /api/chat` answer. */
export interface ChatResponse {
  conversation_id: string;
  assistant_text: string;
  scene_ids: number[];
  intent: string;
  tokens_used: number;
  latency_ms: number;
  scenes?: { project: string; media_id: number; scene_id: number; start_s: number; end_s: number }[];
}

export interface SeedScene {
  description: string;
  content_type?: string;
  tags?: string[];
}

export interface SeedClip {
  name: string;
  /** Shoot day, YYYY-MM-DD. */
  shot: string;
  duration_s: number;
  camera?: string;
  rating?: string;
  tags?: string[];
  /** One segment spanning the clip. */
  transcript?: string;
  scenes: SeedScene[];
}

export interface SeededClip {
  id: number;
  /** Scene row ids, in scene order. */
  sceneIds: number[];
}

/**
 * Writes clips as ingest would leave them after vision (rows, scenes with descriptions, tags,
 * transcripts) without running ffmpeg; `svc embed` then embeds them through the real builder.
 */
export function seedClips(root: string, clips: readonly SeedClip[]): Map<string, SeededClip> {
  const store = openLibrary(root);
  const seeded = new Map<string, SeededClip>();
  try {
    for (const clip of clips) {
      const file: FileIdentity = {
        relPath: clip.name,
        kind: "video",
        size: 1000,
        mtimeMs: 1,
        fingerprint: clip.name,
      };
      const probe = { ...CLIP_PROBE, duration_s: clip.duration_s, creation_date: `${clip.shot}T10:00:00Z` };
      const id = store.media.saveProbe(file, probe, stageDone("probe"));
      store.edits.patch(id, { camera_id: clip.camera ?? null, rating: clip.rating ?? null }, () => undefined);
      const span = clip.duration_s / clip.scenes.length;
      store.scenes.replace(
        id,
        clip.scenes.map((_, i) => ({
          start_s: i * span,
          end_s: (i + 1) * span,
          keyframe_path: `frames/${id}-${i}.jpg`,
        })),
      );
      clip.scenes.forEach((scene, idx) => {
        store.scenes.setVision(id, idx, {
          description: scene.description,
          content_type: scene.content_type ?? "b-roll",
          focus_score: 0.8,
          exposure: "normal",
          stability: "stable",
          audio_quality: "good",
          atmosphere: "calm",
          energy: "medium",
          edit_position: "middle",
          edit_reason: "fits",
          tags: scene.tags ?? [],
        });
      });
      for (const tag of clip.tags ?? []) store.tags.addManual(id, tag);
      if (clip.transcript) {
        const segments = [{ start: 0, end: clip.duration_s, text: clip.transcript }];
        store.transcripts.save(
          id,
          {
            language: "en",
            text: clip.transcript,
            segments_json: JSON.stringify(segments),
            words_json: "[]",
            backend: "test",
          },
          true,
        );
      }
      seeded.set(clip.name, { id, sceneIds: store.scenes.forMedia(id).map((s) => s.id) });
    }
  } finally {
    store.close();
  }
  return seeded;
}

/** Whether a chat request is the intent classifier's (it asks for JSON with an `intent`). */
export function isClassifier(request: ChatScriptRequest): boolean {
  const format = request.format as { properties?: Record<string, unknown> } | undefined;
  return Boolean(format?.properties && "intent" in format.properties);
}

/** A classifier answer: the intent and whichever arguments the test gives. */
export function routeTo(intent: string, args: Record<string, unknown> = {}): string {
  return JSON.stringify({
    intent,
    confidence: 0.9,
    search_text: "",
    filters: {},
    reference: {},
    metric: "hours",
    group_by: "none",
    ...args,
  });
}
