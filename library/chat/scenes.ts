import type { Logger } from "pino";
import { scrubText } from "../../domain/redact.js";
import type { SceneRef } from "../../state/repos/conversations.js";
import { type SceneContextRow, sceneTags } from "../../state/repos/scenes.js";
import { readSegments } from "../media/browse.js";
import type { ChatFilters } from "./classify.js";
import type { ScopedProject } from "./scope.js";

/** A scene a turn returned, with the facts an answer may use. */
export interface ChatScene {
  ref: SceneRef;
  row: SceneContextRow;
}

// What the model is shown per scene: enough to describe it, short enough for twenty of them.
const EXCERPT_CHARS = 300;
const DESCRIPTION_CHARS = 400;

/** The scenes `refs` name that still exist in the scope's projects, in the order given. */
export function loadScenes(scope: readonly ScopedProject[], refs: readonly SceneRef[]): ChatScene[] {
  const byProject = new Map<string, Map<number, SceneContextRow>>();
  for (const project of scope) {
    const ids = refs.filter((r) => r.project === project.name).map((r) => r.scene_id);
    if (ids.length === 0) continue;
    byProject.set(
      project.name,
      new Map(project.store.scenes.withContext(ids).map((row) => [row.scene_id, row])),
    );
  }
  const scenes: ChatScene[] = [];
  for (const ref of refs) {
    const row = byProject.get(ref.project)?.get(ref.scene_id);
    if (row) scenes.push({ ref: refOf(ref.project, row), row });
  }
  return scenes;
}

export const refOf = (project: string, row: SceneContextRow): SceneRef => ({
  project,
  media_id: row.media_id,
  scene_id: row.scene_id,
  start_s: row.start_s,
  end_s: row.end_s,
});

/** The scenes at items' positions (search and neighbour hits name an item and a scene index). */
export function scenesAt(
  project: ScopedProject,
  hits: readonly { mediaId: number; idx: number }[],
): ChatScene[] {
  const ids = project.store.scenes.idsAt(hits);
  const refs: SceneRef[] = [];
  for (const hit of hits) {
    const id = ids.get(`${hit.mediaId}:${hit.idx}`);
    if (id !== undefined)
      refs.push({ project: project.name, media_id: hit.mediaId, scene_id: id, start_s: 0, end_s: 0 });
  }
  return loadScenes([project], refs);
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

function clock(seconds: number): string {
  const whole = Math.max(0, seconds);
  const m = Math.floor(whole / 60);
  const s = whole - m * 60;
  return `${String(m).padStart(2, "0")}:${s.toFixed(1).padStart(4, "0")}`;
}

function labels(row: SceneContextRow): string[] {
  return [...(row.manual_tags ? row.manual_tags.split("\u001f") : []), ...sceneTags(row.tags_json)];
}

function excerpt(row: SceneContextRow, log: Logger): string {
  if (row.end_s <= row.start_s) return "";
  const said = readSegments(row.segments_json, row.media_id, log)
    .filter((s) => s.end > row.start_s && s.start < row.end_s)
    .map((s) => s.text)
    .join(" ");
  return clip(said, EXCERPT_CHARS);
}

/**
 * The retrieved scenes as the model sees them, numbered for citation: relative names, times,
 * dates, labels, the vision description and what is said — never a path, an id of another
 * project, or anything the scope does not hold.
 */
export function groundingList(scenes: readonly ChatScene[], multiProject: boolean, log: Logger): string {
  return scenes
    .map(({ ref, row }, i) => {
      const facts = [
        `"${row.rel_path}"${multiProject ? ` (project ${ref.project})` : ""}`,
        `${clock(row.start_s)}–${clock(row.end_s)}`,
        row.shot_date ? `shot ${row.shot_date}` : null,
        row.camera_id ? `camera ${row.camera_id}` : null,
        row.rating ? `rating ${row.rating}` : null,
        row.content_type,
        labels(row).length ? `tags: ${labels(row).slice(0, 8).join(", ")}` : null,
      ].filter(Boolean);
      const lines = [`[${i + 1}] ${facts.join(" · ")}`];
      if (row.description) lines.push(`    Seen: ${clip(row.description, DESCRIPTION_CHARS)}`);
      const said = excerpt(row, log);
      if (said) lines.push(`    Said: "${said}"`);
      return scrubText(lines.join("\n"));
    })
    .join("\n");
}

/** How an answer names a scene: by its id, with the project when the scope spans several. */
export const sceneLabel = (ref: SceneRef, multiProject: boolean) =>
  multiProject ? `${ref.project} scene ${ref.scene_id}` : `scene ${ref.scene_id}`;

/**
 * Rewrites the model's `[n]` citations into scene labels and drops every citation that is not one
 * of the retrieved scenes, so an answer never names a scene the turn did not return.
 */
export function citeScenes(text: string, scenes: readonly ChatScene[], multiProject: boolean): string {
  const retrieved = new Set(scenes.map((s) => s.ref.scene_id));
  const cited = text.replace(/\s?\[(\d+(?:\s*,\s*\d+)*)\]/g, (_match, list: string) => {
    const names = list
      .split(",")
      .map((n) => scenes[Number(n.trim()) - 1])
      .filter((s): s is ChatScene => s !== undefined)
      .map((s) => sceneLabel(s.ref, multiProject));
    return names.length ? ` [${names.join(", ")}]` : "";
  });
  // A scene id the model made up in prose goes too (it never saw ids, only positions).
  return cited.replace(/\b(scenes?)\s+#?(\d+)\b/gi, (match, word: string, id: string) =>
    retrieved.has(Number(id)) ? match : `a ${word.toLowerCase().replace(/s$/, "")}`,
  );
}

/** Whether a scene passes every filter given. */
export function passesFilters(row: SceneContextRow, filters: ChatFilters): boolean {
  const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
  if (filters.date_from && !(row.shot_date && row.shot_date >= filters.date_from)) return false;
  if (filters.date_to && !(row.shot_date && row.shot_date <= filters.date_to)) return false;
  if (filters.camera && !same(row.camera_id, filters.camera)) return false;
  if (filters.rating && !same(row.rating, filters.rating)) return false;
  if (filters.type && row.kind !== filters.type) return false;
  const tags = labels(row);
  const tagged = (name: string) => tags.some((t) => t.toLowerCase() === name.toLowerCase());
  if (filters.tag && !tagged(filters.tag)) return false;
  if (filters.shot_type) {
    const wanted = filters.shot_type.toLowerCase();
    const described = (row.description ?? "").toLowerCase().includes(wanted);
    if (!same(row.content_type, filters.shot_type) && !tagged(filters.shot_type) && !described) return false;
  }
  if (filters.min_duration_s !== undefined && row.duration_s < filters.min_duration_s) return false;
  if (filters.max_duration_s !== undefined && row.duration_s > filters.max_duration_s) return false;
  return true;
}

/** The filters in words, for answers that found nothing. */
export function describeFilters(filters: ChatFilters): string {
  const parts = [
    filters.date_from && filters.date_to
      ? filters.date_from === filters.date_to
        ? `shot on ${filters.date_from}`
        : `shot from ${filters.date_from} to ${filters.date_to}`
      : filters.date_from
        ? `shot on or after ${filters.date_from}`
        : filters.date_to
          ? `shot on or before ${filters.date_to}`
          : null,
    filters.camera ? `camera ${filters.camera}` : null,
    filters.rating ? `rating ${filters.rating}` : null,
    filters.type ? `${filters.type} only` : null,
    filters.tag ? `tagged ${filters.tag}` : null,
    filters.shot_type ? `shot type ${filters.shot_type}` : null,
    filters.min_duration_s !== undefined ? `at least ${filters.min_duration_s} s long` : null,
    filters.max_duration_s !== undefined ? `at most ${filters.max_duration_s} s long` : null,
  ];
  return parts.filter(Boolean).join(", ");
}

export const hasFilters = (filters: ChatFilters) => describeFilters(filters) !== "";
