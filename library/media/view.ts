import { posix } from "node:path";
import { z } from "zod";
import {
  AUDIO_STREAMS,
  FIELD_ORDERS,
  HDR_TRANSFERS,
  type MediaItem,
  ROTATIONS,
  type Scene,
  SEQUENCE,
  SLATE,
  SPAN,
  SPRITE_LAYOUT,
  type Span,
  type Sprite,
  TIMECODE_CONFLICT,
} from "../../domain/schemas/media.js";
import { readJsonColumn } from "../../state/json-column.js";
import { DATA_DIR_NAME } from "../../state/paths.js";
import type { ListedRow } from "../../state/repos/media-search.js";
import { type SceneRow, sceneTags, VISION_FIELDS } from "../../state/repos/scenes.js";
import type { TagRow } from "../../state/repos/tags.js";

/**
 * How a transport refers to an item's derived images: URLs over HTTP, paths relative to the
 * project root over MCP. `stored` is the image's path inside the project's data folder.
 */
export interface Links {
  thumbnail(id: number, stored: string): string;
  keyframe(id: number, index: number, stored: string): string;
  waveform(id: number, stored: string): string;
  sprite(id: number, stored: string): string;
}

export type LinkKind = "api" | "paths";

/** URLs of derived images and peaks over the HTTP API; they carry the project so they resolve against the same library. */
export function apiLinks(project: string | undefined): Links {
  const suffix = project ? `?project=${encodeURIComponent(project)}` : "";
  return {
    thumbnail: (id) => `/api/media/${id}/thumbnail${suffix}`,
    keyframe: (id, index) => `/api/media/${id}/keyframes/${index}${suffix}`,
    waveform: (id) => `/api/media/${id}/waveform${suffix}`,
    sprite: (id) => `/api/media/${id}/sprite${suffix}`,
  };
}

/** Paths of derived images relative to the project root, as MCP clients get them. */
export const pathLinks: Links = {
  thumbnail: (_id, stored) => posix.join(DATA_DIR_NAME, stored),
  keyframe: (_id, _index, stored) => posix.join(DATA_DIR_NAME, stored),
  waveform: (_id, stored) => posix.join(DATA_DIR_NAME, stored),
  sprite: (_id, stored) => posix.join(DATA_DIR_NAME, stored),
};

export const linksOf = (kind: LinkKind, project: string | undefined): Links =>
  kind === "paths" ? pathLinks : apiLinks(project);

const TIMECODE_CONFLICTS = z.array(TIMECODE_CONFLICT);

/** The item's scrub sprite, from its stored layout (one JSON column of the listed row). */
function spriteOf(row: ListedRow, links: Links): Sprite | null {
  const stored = readJsonColumn(row.sprite_json, SPRITE_LAYOUT.nullable(), null);
  if (stored === null) return null;
  const { path, bytes: _bytes, ...layout } = stored;
  return { ...layout, url: links.sprite(row.id, path) };
}
const oneOf = <T>(values: readonly T[], value: unknown): T | null =>
  values.includes(value as T) ? (value as T) : null;

const SPAN_FACTS = SPAN.pick({ offset_s: true, duration_s: true, start_timecode: true, missing: true });

/** The item's place in a spanned recording, with what the parts share (written together). */
function spanOf(row: ListedRow): Span | null {
  if (row.span_id === null || row.span_index === null || row.span_count === null) return null;
  const facts = readJsonColumn(row.span_json, SPAN_FACTS.nullable(), null) ?? {
    offset_s: 0,
    duration_s: row.duration_s ?? 0,
    start_timecode: row.start_timecode,
    missing: [],
  };
  return { id: row.span_id, index: row.span_index, count: row.span_count, ...facts };
}

/**
 * The picture and sound facts of an item. Items probed before these columns existed read as
 * square pixels, upright, coded size shown as it is, no streams listed, until re-probed.
 */
function cameraFacts(row: ListedRow) {
  return {
    display_width: row.display_width ?? row.width,
    display_height: row.display_height ?? row.height,
    pixel_aspect: row.pixel_aspect,
    rotation: oneOf(ROTATIONS, row.rotation) ?? 0,
    desqueeze: row.desqueeze ?? 1,
    desqueeze_suggested: row.desqueeze_suggested,
    hdr: oneOf(HDR_TRANSFERS, row.hdr),
    fps_rational: row.fps_rational,
    vfr: row.vfr === null ? null : row.vfr === 1,
    field_order: oneOf(FIELD_ORDERS, row.field_order),
    timecode_source: row.timecode_source,
    timecode_conflicts: readJsonColumn(row.timecode_conflicts_json, TIMECODE_CONFLICTS, []),
    audio_streams: readJsonColumn(row.audio_streams_json, AUDIO_STREAMS, []),
    slate: readJsonColumn(row.slate_json, SLATE.nullable(), null),
    sequence: readJsonColumn(row.sequence_json, SEQUENCE.nullable(), null),
    span: spanOf(row),
    camera_proxy: row.camera_proxy,
  };
}

export function mediaItem(row: ListedRow, tags: readonly TagRow[], links: Links): MediaItem {
  return {
    id: row.id,
    path: row.rel_path,
    name: row.name,
    type: row.kind,
    size: row.size,
    duration_s: row.duration_s,
    codec: row.codec,
    audio_codec: row.audio_codec,
    fps: row.fps,
    width: row.width,
    height: row.height,
    start_timecode: row.start_timecode,
    ...cameraFacts(row),
    audio_tracks: row.audio_tracks,
    creation_date: row.creation_date,
    shot_date: row.shot_date,
    rating: row.rating,
    rating_note: row.rating_note,
    in_point: row.in_point,
    out_point: row.out_point,
    camera_id: row.camera_id,
    angle: row.angle,
    language: row.language,
    transcript: row.transcript,
    tags: tags.map(({ name, source }) => ({ name, source })),
    color_profile: row.color_profile,
    color_profile_suggested: row.color_profile_suggested,
    // A file ffmpeg cannot decode, with no camera-made proxy to stand in for it.
    status: row.status_reason !== null ? "needs_proxy" : row.status,
    status_reason: row.status_reason,
    failed_stage: row.status === "failed" ? row.error_stage : null,
    missing: row.missing_since !== null,
    missing_since: row.missing_since,
    thumbnail_url: row.thumb_path === null ? null : links.thumbnail(row.id, row.thumb_path),
    waveform_url: row.waveform_path === null ? null : links.waveform(row.id, row.waveform_path),
    sprite: spriteOf(row, links),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function sceneView(scene: SceneRow, links: Links): Scene {
  const vision = Object.fromEntries(VISION_FIELDS.map((field) => [field, scene[field]])) as Pick<
    SceneRow,
    (typeof VISION_FIELDS)[number]
  >;
  return {
    id: scene.id,
    index: scene.idx,
    start_s: scene.start_s,
    end_s: scene.end_s,
    duration_s: scene.duration_s,
    keyframe_url: links.keyframe(scene.media_id, scene.idx, scene.keyframe_path),
    description: scene.description,
    tags: sceneTags(scene.tags_json),
    ...vision,
  };
}
