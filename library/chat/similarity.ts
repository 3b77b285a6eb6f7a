import { scrubText } from "../../domain/redact.js";
import type { SceneRef } from "../../state/repos/conversations.js";
import { ITEM_VECTOR } from "../../state/repos/vectors.js";
import type { SceneReference } from "./classify.js";
import { answerAbout, MAX_SCENES } from "./compilation.js";
import { type ChatScene, loadScenes, scenesAt } from "./scenes.js";
import type { ScopedProject } from "./scope.js";
import type { IntentHandler, TurnContext } from "./turn-types.js";

/** What "more like this" compares with: one scene, or a whole clip (its own vector). */
interface Reference {
  project: ScopedProject;
  mediaId: number;
  /** The scene's index in its clip, or ITEM_VECTOR for a clip. */
  sceneIdx: number;
  /** How the answer names it. */
  label: string;
}

function fromScene(turn: TurnContext, scene: ChatScene | undefined): Reference | null {
  const project = scene && turn.scope.find((p) => p.name === scene.ref.project);
  if (!scene || !project) return null;
  return {
    project,
    mediaId: scene.row.media_id,
    sceneIdx: scene.row.idx,
    label: `"${scene.row.rel_path}" at ${scene.row.start_s.toFixed(1)} s`,
  };
}

/** The reference the classifier named, looked up in the turn's scope only. */
function resolve(turn: TurnContext, ref: SceneReference): Reference | null {
  if (ref.position !== undefined && turn.previous?.length) {
    const list = loadScenes(turn.scope, turn.previous);
    return fromScene(turn, ref.position === -1 ? list.at(-1) : list[ref.position - 1]);
  }
  if (ref.scene_id !== undefined) {
    const refs: SceneRef[] = turn.scope.map((p) => ({
      project: p.name,
      media_id: 0,
      scene_id: ref.scene_id as number,
      start_s: 0,
      end_s: 0,
    }));
    return fromScene(turn, loadScenes(turn.scope, refs)[0]);
  }
  for (const project of turn.scope) {
    let mediaId: number | undefined;
    if (ref.media_id !== undefined) mediaId = project.store.media.get(ref.media_id)?.id;
    else if (ref.file_name !== undefined)
      mediaId = project.store.scenes.idsByFileName(ref.file_name, 1)[0]?.media_id;
    const row = mediaId === undefined ? undefined : project.store.media.get(mediaId);
    if (row && row.missing_since === null)
      return { project, mediaId: row.id, sceneIdx: ITEM_VECTOR, label: `"${row.rel_path}"` };
  }
  return null;
}

/** The reference's stored vector: the scene's, or the clip's own (else its first scene's). */
function referenceVector(turn: TurnContext, ref: Reference): Float32Array | null {
  const model = turn.ctx.config.models.embed;
  const vectors = ref.project.store.vectors;
  return (
    vectors.at(model, ref.mediaId, ref.sceneIdx) ??
    (ref.sceneIdx === ITEM_VECTOR ? vectors.at(model, ref.mediaId, 0) : null)
  );
}

/** "More like the second one": the nearest scenes by vector, the reference itself left out. */
export const similarity: IntentHandler = async (turn, args) => {
  const ref = resolve(turn, args.reference);
  if (!ref) {
    const hint = turn.previous?.length ? `, or a position in the previous answer ("the second one")` : "";
    return {
      text: `I could not tell which clip or scene to compare with. Name a file, a scene id${hint}.`,
      scenes: [],
    };
  }
  const vector = referenceVector(turn, ref);
  if (!vector) {
    return {
      text: scrubText(
        `${ref.label} has no embedding yet, so I found 0 similar scenes. Run \`svc embed\` and ask again.`,
      ),
      scenes: [],
    };
  }
  const isReference = (scene: ChatScene) =>
    scene.ref.project === ref.project.name &&
    scene.row.media_id === ref.mediaId &&
    (ref.sceneIdx === ITEM_VECTOR || scene.row.idx === ref.sceneIdx);
  const found: { scene: ChatScene; score: number }[] = [];
  const unavailable: string[] = [];
  const model = turn.ctx.config.models.embed;
  for (const project of turn.scope) {
    // Room for the reference's own scenes, which are left out.
    const reply = await turn.ctx.vectorThreads.neighbours({
      root: project.root,
      model,
      vector,
      k: MAX_SCENES * 2,
    });
    if ("unavailable" in reply) {
      unavailable.push(reply.unavailable);
      continue;
    }
    const score = new Map(reply.hits.map((h) => [`${h.mediaId}:${h.sceneIdx}`, h.score]));
    const scenes = scenesAt(
      project,
      reply.hits.map((h) => ({ mediaId: h.mediaId, idx: h.sceneIdx })),
    );
    for (const scene of scenes) {
      if (!isReference(scene))
        found.push({ scene, score: score.get(`${scene.row.media_id}:${scene.row.idx}`) ?? 0 });
    }
  }
  const scenes = found
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SCENES)
    .map((f) => f.scene);
  if (scenes.length === 0) {
    const why = unavailable.length ? ` (the vector index is not available: ${unavailable[0]})` : "";
    return { text: scrubText(`I found 0 scenes similar to ${ref.label}${why}.`), scenes: [] };
  }
  const task = `These scenes look most like ${ref.label}, closest first. Say briefly how they resemble it.`;
  return { text: await answerAbout(turn, scenes, task), scenes };
};
