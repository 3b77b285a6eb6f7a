import { readFile } from "node:fs/promises";
import { join } from "node:path";
import pRetry from "p-retry";
import { z } from "zod";
import { ModelHostError } from "../../adapters/modelhost.js";
import { type SceneRow, type SceneVision, sceneTags } from "../../state/repos/scenes.js";
import { sceneSignalsOf } from "./signals.js";
import { labelItemPaths, type Stage, type StageDeps, StageError, type StageItem } from "./types.js";
import { type Measured, measurePicture, measureScene } from "./vision-measure.js";

export const CONTENT_TYPES = [
  "interview",
  "dialogue",
  "presentation",
  "b-roll",
  "establishing",
  "landscape",
  "action",
  "detail",
  "people",
  "text-graphics",
  "other",
] as const;
export const ATMOSPHERES = [
  "calm",
  "tense",
  "joyful",
  "melancholic",
  "mysterious",
  "energetic",
  "neutral",
] as const;
export const ENERGIES = ["low", "medium", "high"] as const;
export const EDIT_POSITIONS = ["opener", "establishing", "middle", "transition", "climax", "closer"] as const;

/** What the vision model is asked for: the semantic fields only; the rest is measured. */
export const VISION_SCHEMA = {
  type: "object",
  properties: {
    description: {
      type: "string",
      description: "one or two sentences: who or what is seen, where, doing what",
    },
    content_type: { type: "string", enum: [...CONTENT_TYPES] },
    atmosphere: { type: "string", enum: [...ATMOSPHERES] },
    energy: { type: "string", enum: [...ENERGIES] },
    edit_position: { type: "string", enum: [...EDIT_POSITIONS] },
    edit_reason: { type: "string", description: "why an editor would place the shot there, in one sentence" },
    tags: { type: "array", items: { type: "string" }, maxItems: 8 },
  },
  required: ["description", "content_type", "atmosphere", "energy", "edit_position", "edit_reason", "tags"],
} as const;

const clean = (max: number) =>
  z.string().transform((v) =>
    v
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, max),
  );

const VISION_ANSWER = z.object({
  description: clean(600).pipe(z.string().min(1, "empty description")),
  content_type: z.enum(CONTENT_TYPES),
  atmosphere: z.enum(ATMOSPHERES),
  energy: z.enum(ENERGIES),
  edit_position: z.enum(EDIT_POSITIONS),
  edit_reason: clean(300),
  tags: z
    .array(clean(40))
    .max(16)
    .transform((tags) =>
      [...new Set(tags.map((t) => t.toLowerCase()).filter((t) => t.length > 0))].slice(0, 8),
    ),
});
type VisionAnswer = z.infer<typeof VISION_ANSWER>;

const PROMPT =
  "You are logging footage for a film editor. Describe this key frame factually. " +
  "Answer only with JSON matching the schema. Tags are short lower-case nouns or adjectives " +
  "an editor would search for (subjects, places, objects, light, time of day).";

// The model is kept loaded between frames of one pass and released by the pass at its end.
const KEEP_ALIVE = "5m";

function parseAnswer(value: unknown): VisionAnswer {
  const parsed = VISION_ANSWER.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ModelHostError(
      "bad_response",
      `the vision model's answer does not follow the schema (${issue?.path.join(".") || "answer"}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

/** The key frames of an item: its scenes, or for a still the still itself as one scene. */
function keyframes(item: StageItem, deps: StageDeps): SceneRow[] {
  if (item.kind === "image") {
    const row = deps.store.media.get(item.mediaId);
    if (!row?.thumb_path) throw new StageError("the still has no thumbnail to analyse");
    deps.store.scenes.ensureStillScene(item.mediaId, row.thumb_path);
  }
  return deps.store.scenes.forMedia(item.mediaId);
}

/**
 * What is measured rather than asked: focus and exposure from the key frame, stability and sound
 * as the analysis pass measured them, or, for key frames made before it did, from the clip.
 */
async function measure(
  scene: SceneRow,
  item: StageItem,
  deps: StageDeps,
  keyframe: Buffer,
  signal: AbortSignal,
): Promise<Measured> {
  const { ffmpeg, images } = deps.adapters;
  const signals = item.kind === "video" ? sceneSignalsOf(keyframe, scene) : null;
  if (signals) {
    const { stability, audio_quality } = signals;
    return { ...(await measurePicture(keyframe, images)), stability, audio_quality };
  }
  if (!ffmpeg) throw new StageError("ffmpeg is not available");
  return measureScene(
    {
      file: item.input,
      kind: item.kind === "image" ? "image" : "video",
      keyframe,
      startS: scene.start_s,
      endS: scene.end_s,
    },
    {
      images,
      ffmpeg,
      warn: (reason) =>
        deps.log.warn(
          {
            file: item.relPath,
            scene: scene.idx,
            reason: labelItemPaths(item, deps.store.paths.root)(reason),
          },
          "vision: scene audio not measured",
        ),
    },
    signal,
  );
}

async function analyse(
  scene: SceneRow,
  item: StageItem,
  deps: StageDeps,
  signal: AbortSignal,
): Promise<SceneVision> {
  const { modelHost } = deps.adapters;
  const keyframe = await readFile(join(deps.store.paths.dataDir, scene.keyframe_path));
  // The model host's slot is held meanwhile; decoding and pixel work still wait for the CPU queue.
  const measured = await deps.queues.cpu.add(() => measure(scene, item, deps, keyframe, signal), { signal });
  const ask = () =>
    modelHost.chatJson({
      model: deps.config.models.vision,
      messages: [{ role: "user", content: PROMPT, images: [keyframe] }],
      format: VISION_SCHEMA as unknown as Record<string, unknown>,
      keepAlive: KEEP_ALIVE,
      temperature: 0,
      signal,
      parse: parseAnswer,
    });
  const { value } = await pRetry(ask, {
    ...TRANSIENT_RETRY,
    signal,
    shouldRetry: ({ error }) => transient(error),
    onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
      if (transient(error) && retriesLeft > 0)
        deps.log.warn(
          { media_id: item.mediaId, frame: scene.idx, attempt: attemptNumber, reason: error.message },
          "vision: the model host failed; asking again",
        );
    },
  });
  return { ...measured, ...value };
}

/**
 * A model host that answers 500 (a runner restarting, out of memory for a moment) or too slowly
 * may well answer the next time: such a frame is asked again after 1 s and 3 s, within two
 * minutes. An answer off the schema or a refusal would only be repeated, so it is not retried.
 */
const TRANSIENT_RETRY = { retries: 2, minTimeout: 1_000, factor: 3, maxRetryTime: 120_000 } as const;

const transient = (error: unknown) =>
  error instanceof ModelHostError && (error.kind === "server" || error.kind === "timeout");

/** Errors that say the model host as a whole is unusable, not this one frame. */
const hostUnusable = (error: unknown) =>
  error instanceof ModelHostError && (error.kind === "unreachable" || error.kind === "model_missing");

/**
 * Per key frame: measured focus, exposure, stability and audio quality, and the vision model's
 * description, tags and semantic fields. A frame the model fails on is recorded and skipped; key
 * frames already analysed are not asked again unless the pass refreshes.
 */
export const visionStage: Stage = {
  name: "vision",
  resource: "modelhost",
  async run(item, deps, signal) {
    if (item.kind === "audio") return { status: "skipped", detail: "audio has no pictures" };
    if (!deps.models.vision.ok) return { status: "not_configured", detail: deps.models.vision.reason };
    const scenes = keyframes(item, deps);
    if (scenes.length === 0) return { status: "skipped", detail: "no key frames" };
    let analysed = 0;
    let kept = 0;
    const failures: string[] = [];
    let owed = 0;
    for (const scene of scenes) {
      if (scene.description !== null && !deps.options.refresh) {
        kept += 1;
        continue;
      }
      try {
        const vision = await analyse(scene, item, deps, signal);
        deps.store.scenes.setVision(item.mediaId, scene.idx, vision);
        analysed += 1;
      } catch (error) {
        if (signal.aborted) throw error;
        if (hostUnusable(error)) {
          return { status: "not_configured", detail: (error as Error).message };
        }
        const reason = (error as Error).message.slice(0, 300);
        deps.store.scenes.setVisionError(item.mediaId, scene.idx, reason);
        failures.push(`frame ${scene.idx}: ${reason}`);
        if (transient(error)) owed += 1;
        deps.log.warn({ media_id: item.mediaId, frame: scene.idx, reason }, "vision skipped a key frame");
      }
    }
    // Auto tags of the item are the union of its key frames' tags; manual tags are untouched.
    const tags = new Set(deps.store.scenes.forMedia(item.mediaId).flatMap((s) => sceneTags(s.tags_json)));
    if (analysed > 0) deps.store.tags.replaceAuto(item.mediaId, [...tags]);
    const parts = [`${analysed} key frame${analysed === 1 ? "" : "s"} analysed`];
    if (kept > 0) parts.push(`${kept} kept from an earlier run`);
    if (failures.length > 0) parts.push(`${failures.length} skipped (${failures[0]})`);
    // Frames the model host failed on even after retries are owed: recorded as waiting on the
    // model host, so the next pass resumes here and asks those frames (and only those) again.
    if (owed > 0) {
      parts.push(`${owed} owed after model-host errors, asked again on the next pass`);
      return { status: "not_configured", detail: parts.join(", ") };
    }
    return { status: "done", detail: parts.join(", ") };
  },
};
