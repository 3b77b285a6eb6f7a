import { join } from "node:path";
import { frameFileName, sequencePatternOf } from "../../domain/frame-sequences.js";
import type { Handoff, HandoffItem, HandoffSelect, HandoffSubclip } from "../../domain/schemas/handoff.js";
import { type FrameRate, framesToTimecode } from "../../formats/timecode.js";
import { clipLabel, type TimelineClip } from "../../formats/timeline.js";
import { sequenceOf } from "../../pipeline/index.js";
import { readJsonColumn } from "../../state/json-column.js";
import type { Logger } from "../../state/logger.js";
import type { HandoffRow } from "../../state/repos/handoffs.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";
import {
  type BuiltTimeline,
  buildTimeline,
  type ExportClip,
  type MediaRefs,
  markFrames,
  sourceFrames,
  sourceRateOf,
  sourceTimecode,
} from "../export/build.js";
import { entrySlate } from "../export/selects.js";
import { spanSourceStart } from "../export/spans.js";
import { loadClips } from "../export/timeline.js";
import { findEditorProxy } from "../proxy/editor.js";
import { STORED_REQUEST, type SubclipChoice } from "./request.js";

/** The svc project a hand-off belongs to, as its answer names it. */
export interface HandoffProject {
  readonly store: LibraryStore;
  readonly name: string;
  readonly id: string | null;
}

/** Longest description handed over: the scenes' descriptions, one after another. */
const DESCRIPTION_MAX = 2000;

const GONE = "no longer in the library";

/** The subclips of an item the request asked for. */
function chosenSubclips(entry: ExportClip, choice: SubclipChoice): ExportClip {
  if (choice === true) return entry;
  const wanted = choice === false ? new Set<number>() : new Set(choice);
  return { ...entry, subclips: (entry.subclips ?? []).filter((mark) => wanted.has(mark.id)) };
}

/** A file of the project as this caller may see it: absolute, or relative to the project root. */
const pathFor = (store: LibraryStore, rel: string, refs: MediaRefs) =>
  refs === "absolute" ? join(store.paths.root, rel) : rel;

/** A printf pattern's literal text: a `%` of a file name is written `%%`. */
const printfLiteral = (text: string) => text.replaceAll("%", "%%");

/** An image sequence's first frame and its frames' pattern; null for a file that is no sequence. */
function sequencePaths(row: MediaRow) {
  const sequence = sequenceOf(row);
  const pattern = sequencePatternOf(row.rel_path);
  if (!sequence || !pattern) return null;
  const field = `%0${pattern.padding}d`;
  return {
    firstFrame: `${pattern.dir}${frameFileName(pattern, sequence.first)}`,
    pattern: `${printfLiteral(pattern.dir + pattern.prefix)}${field}${printfLiteral(pattern.suffix)}`,
    first: sequence.first,
    last: sequence.last,
  };
}

/** What the vision model saw: the scenes' descriptions in time order, each once, on one line. */
function descriptionOf(entry: ExportClip): string {
  const seen = new Set<string>();
  for (const scene of entry.scenes) {
    const text = scene.description?.replace(/\s+/g, " ").trim();
    if (text) seen.add(text);
  }
  return [...seen].join(" ").slice(0, DESCRIPTION_MAX);
}

/** The item's source timecode, or null when the file carries none. */
function startTimecode(row: MediaRow, own: FrameRate, timecode: { start: number; dropFrame: boolean }) {
  if (!row.start_timecode && !spanSourceStart(row)) return null;
  return framesToTimecode(timecode.start, own, timecode.dropFrame);
}

/** The item's own select (its trim) among the placed clips, and its placed subclips. */
function placedOf(built: BuiltTimeline, id: number) {
  let select: TimelineClip | null = null;
  const subclips: HandoffSubclip[] = [];
  for (const { entry, subclip, clip } of built.placed) {
    if (entry.row.id !== id) continue;
    if (!subclip) select = clip;
    else
      subclips.push({
        id: subclip.id,
        name: subclip.name,
        note: subclip.note,
        color: subclip.color as HandoffSubclip["color"],
        in_frame: clip.windowIn,
        out_frame: clip.windowOut,
      });
  }
  return { select, subclips };
}

async function itemOf(
  store: LibraryStore,
  entry: ExportClip,
  built: BuiltTimeline,
  refs: MediaRefs,
): Promise<HandoffItem> {
  const { row } = entry;
  const own = sourceRateOf(row, built.timeline.rate);
  const duration = sourceFrames(row, own);
  const timecode = sourceTimecode(row, own);
  const { select, subclips } = placedOf(built, row.id);
  const whole = select !== null && select.windowIn === 0 && select.windowOut >= duration;
  const slate = entrySlate(entry);
  const sequence = sequencePaths(row);
  const proxy = await findEditorProxy(store, row);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    path: pathFor(store, sequence?.firstFrame ?? row.rel_path, refs),
    proxy_path: proxy === null ? null : pathFor(store, proxy, refs),
    sequence: sequence && {
      pattern: pathFor(store, sequence.pattern, refs),
      first: sequence.first,
      last: sequence.last,
    },
    rate: own,
    drop_frame: timecode.dropFrame,
    start_timecode: startTimecode(row, own, timecode),
    duration_frames: duration,
    trim: select === null || whole ? null : { in_frame: select.windowIn, out_frame: select.windowOut },
    scene: slate?.scene ?? "",
    take: slate?.take ?? "",
    camera: row.camera_id ?? "",
    angle: row.angle ?? "",
    circled: slate?.circled ?? false,
    tags: entry.tags ?? [],
    rating: row.rating ?? "",
    note: row.rating_note ?? "",
    description: descriptionOf(entry),
    markers: (entry.markers ?? []).map((mark) => {
      const { at, duration: lasts } = markFrames(mark, own);
      return {
        id: mark.id,
        name: mark.name,
        note: mark.note,
        color: mark.color as HandoffItem["markers"][number]["color"],
        kind: mark.kind ?? "marker",
        frame: at,
        duration_frames: lasts ?? 1,
      };
    }),
    subclips,
  };
}

const selectsOf = (built: BuiltTimeline): HandoffSelect[] =>
  built.placed.map(({ entry, subclip, clip }) => ({
    item_id: entry.row.id,
    subclip_id: subclip?.id ?? null,
    name: clipLabel(clip),
    in_frame: clip.windowIn,
    out_frame: clip.windowOut,
    record_frame: clip.recordIn,
  }));

/**
 * A hand-off as the script reads it, built from the library as it is now: the exporters' selects
 * timeline (each item's trim, then the subclips asked for; no synced sound, which Resolve links
 * itself) and each item once with its paths as `refs` allows, its log, markers and subclips in
 * its own frames. Items deleted since the hand-off was made are listed in `skipped`.
 */
export async function handoffAnswer(
  project: HandoffProject,
  row: HandoffRow,
  refs: MediaRefs,
  log: Logger,
): Promise<Handoff> {
  const { store } = project;
  const request = readJsonColumn(row.request_json, STORED_REQUEST, { ids: [], subclips: false });
  const present = store.media.names(request.ids);
  const clips = loadClips(
    store,
    request.ids.filter((id) => present.has(id)),
    false,
    "none",
  ).map((entry) => chosenSubclips(entry, request.subclips));
  const built = buildTimeline(
    store,
    clips,
    { name: row.bin, trimmed: true, refs, cues: false, subclips: request.subclips !== false },
    log,
  );
  const { timeline } = built;
  return {
    id: row.id,
    target: row.target,
    status: row.taken_at === null ? "pending" : "done",
    bin: row.bin,
    project: { name: project.name, id: project.id },
    author: row.author,
    created_at: row.created_at,
    taken_at: row.taken_at,
    paths: refs,
    timeline: {
      name: timeline.name,
      rate: timeline.rate,
      drop_frame: timeline.dropFrame,
      start_timecode: framesToTimecode(timeline.start, timeline.rate, timeline.dropFrame),
    },
    items: await Promise.all(clips.map((entry) => itemOf(store, entry, built, refs))),
    selects: selectsOf(built),
    skipped: [
      ...request.ids.filter((id) => !present.has(id)).map((id) => ({ id, reason: GONE })),
      ...built.skipped,
    ],
  };
}
