import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { frameFileName, sequencePatternOf } from "../../domain/frame-sequences.js";
import type { Cue } from "../../formats/cues.js";
import {
  canDropFrame,
  type FrameRate,
  framesToSeconds,
  nearestStandardRate,
  parseFrameRate,
  parseTimecode,
  secondsToFrames,
  snapExactRate,
  snapRate,
} from "../../formats/timecode.js";
import {
  type ClipSequence,
  recordLength,
  type SoundChannel,
  type SyncedSound,
  type Timeline,
  type TimelineClip,
  type TimelineMarker,
} from "../../formats/timeline.js";
import { sequenceOf } from "../../pipeline/index.js";
import { readJsonColumn } from "../../state/json-column.js";
import type { Logger } from "../../state/logger.js";
import type { MarkRow } from "../../state/repos/marks.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { SceneRow } from "../../state/repos/scenes.js";
import type { LibraryStore } from "../../state/stores.js";
import { readSegments } from "../media/browse.js";
import { spanOrdered, spanSourceStart } from "./spans.js";

/** How long a still stands on a timeline: it has no duration of its own. */
export const STILL_SECONDS = 5;
/** The timeline rate when no clip has one (audio and stills only) and none was asked for. */
export const FALLBACK_RATE: FrameRate = { num: 25, den: 1 };
/**
 * What an item probed before the probe kept its sound's channel count and sample rate says it
 * has, until it is re-probed (`svc ingest --refresh`): what every export said before.
 */
export const FALLBACK_AUDIO = { channels: 2, sampleRate: 48_000 } as const;

/**
 * How exported files point at the original media: `file://` URLs of the absolute path for the
 * people at the workstation (local trust, admin tokens, the CLI), the path relative to the
 * project root for everyone else, who may not learn the machine's folders (an NLE then relinks
 * by name).
 */
export type MediaRefs = "absolute" | "relative";

/** The sound file of a camera clip's sync pair, and the pair's facts an export needs. */
export interface ExportSound {
  row: MediaRow;
  offsetSamples: number;
  sampleRate: number;
  channels: SoundChannel[];
}

export interface ExportClip {
  row: MediaRow;
  scenes: SceneRow[];
  /** The editor's markers (time order); none when not loaded. */
  markers?: MarkRow[];
  /** The item's subclips (time order), placed after its select when asked. */
  subclips?: MarkRow[];
  sound?: ExportSound;
  /** The item's tag names, each once; none when not loaded. */
  tags?: string[];
}

/**
 * The clip's own rate: its exact probed rate (`fps_rational`), snapped to the standard rate it is
 * within 1 % of (VFR clips by their average); items probed before the rational was kept snap
 * their rounded fps.
 */
export function clipRate(row: MediaRow): FrameRate | null {
  const exact = parseFrameRate(row.fps_rational);
  if (exact) return snapExactRate(exact);
  return row.fps !== null && row.fps > 0 ? snapRate(row.fps) : null;
}

/**
 * The timeline's rate and timecode mode: the one asked for, else the first clip's that has one.
 * Drop frame follows the first clip's own timecode (`;` before the frames) at 29.97 and 59.94,
 * and is the default there when no clip says.
 */
export function timelineRate(clips: readonly ExportClip[], asked: FrameRate | undefined) {
  const first = clips.find((c) => clipRate(c.row) !== null);
  // NLEs open timelines at the standard rates only: a clip at 12 or 27 fps sets the closest one.
  const rate = asked ?? (first?.row.fps ? nearestStandardRate(first.row.fps) : FALLBACK_RATE);
  const marked = clips.find((c) => c.row.start_timecode)?.row.start_timecode ?? null;
  const dropFrame = canDropFrame(rate) && (marked === null || /[;.,]\d+$/.test(marked));
  return { rate, dropFrame };
}

/** Seconds of the file: a still stands for STILL_SECONDS; 0 when the probe found no duration. */
const fileSeconds = (row: MediaRow) => (row.kind === "image" ? STILL_SECONDS : (row.duration_s ?? 0));
/** Frames of the whole file at its own rate. */
export const sourceFrames = (row: MediaRow, own: FrameRate) => secondsToFrames(fileSeconds(row), own);

/**
 * The part of the clip an export uses, in seconds: in_point..out_point clamped to the file
 * (unmarked ends: the file's ends); null when nothing is left.
 */
export function clipWindow(row: MediaRow, trimmed: boolean): { in: number; out: number } | null {
  const length = fileSeconds(row);
  const start = trimmed && row.kind !== "image" ? Math.min(Math.max(row.in_point ?? 0, 0), length) : 0;
  const end =
    trimmed && row.kind !== "image" ? Math.min(Math.max(row.out_point ?? length, 0), length) : length;
  return end > start ? { in: start, out: end } : null;
}

/**
 * The rate a clip's source counts at: a video's own; a still or a sound file has none, and
 * counts at the timeline's, as NLEs show them.
 */
export const sourceRateOf = (row: MediaRow, timelineRate: FrameRate): FrameRate =>
  (row.kind === "video" ? clipRate(row) : null) ?? timelineRate;

/**
 * The clip's first frame as source timecode at its own rate, and whether that counts in drop
 * frame: the probed start timecode as the file labels it. A file without one (or with one that
 * does not parse) starts at 00:00:00:00.
 */
export function sourceTimecode(row: MediaRow, own: FrameRate): { start: number; dropFrame: boolean } {
  const span = spanSourceStart(row);
  if (span) {
    const first = sourceTimecode({ ...row, start_timecode: span.timecode }, own);
    return { ...first, start: first.start + secondsToFrames(span.offsetS, own) };
  }
  if (!row.start_timecode) return { start: 0, dropFrame: false };
  try {
    const parsed = parseTimecode(row.start_timecode, own);
    return { start: parsed.frames, dropFrame: parsed.dropFrame };
  } catch {
    return { start: 0, dropFrame: false };
  }
}

function mediaUrl(store: LibraryStore, row: Pick<MediaRow, "rel_path">, refs: MediaRefs): string {
  if (refs === "absolute") return pathToFileURL(join(store.paths.root, row.rel_path)).href;
  return row.rel_path.split("/").map(encodeURIComponent).join("/");
}

/** An image sequence's frames, referred to as its `url` is (see MediaRefs); undefined for a file. */
function clipSequence(store: LibraryStore, row: MediaRow, refs: MediaRefs): ClipSequence | undefined {
  const sequence = sequenceOf(row);
  const pattern = sequencePatternOf(row.rel_path);
  if (!sequence || !pattern) return undefined;
  const folder = pattern.dir === "" ? "" : mediaUrl(store, { rel_path: pattern.dir.slice(0, -1) }, refs);
  return {
    folderUrl:
      refs === "absolute" && folder === ""
        ? `${pathToFileURL(store.paths.root).href}/`
        : folder && `${folder}/`,
    firstFrameUrl: mediaUrl(
      store,
      { rel_path: `${pattern.dir}${frameFileName(pattern, sequence.first)}` },
      refs,
    ),
    prefix: pattern.prefix,
    suffix: pattern.suffix,
    padding: pattern.padding,
    first: sequence.first,
  };
}

/**
 * Where a marker stands at `rate`, frames from the file's first, and how long it lasts when it
 * lasts (at least one frame, cut at `last`); null for a point.
 */
export function markFrames(
  mark: Pick<MarkRow, "start_s" | "end_s">,
  rate: FrameRate,
  last = Number.POSITIVE_INFINITY,
): { at: number; duration: number | null } {
  const at = secondsToFrames(mark.start_s, rate);
  if (mark.end_s === null) return { at, duration: null };
  return { at, duration: Math.max(1, Math.min(secondsToFrames(mark.end_s, rate), last) - at) };
}

/**
 * The scene starts (as "Scene N" markers) and the editor's markers inside the window, at the
 * clip's own frames from its first; a marker that lasts is cut at the window's end. Markers
 * outside the window are dropped.
 */
function markersOf(
  scenes: readonly SceneRow[],
  marks: readonly MarkRow[],
  window: { in: number; out: number },
  rate: FrameRate,
): TimelineMarker[] {
  const first = secondsToFrames(window.in, rate);
  const last = secondsToFrames(window.out, rate);
  const inside = (at: number) => at >= first && at < last;
  const fromScenes = scenes.flatMap((scene): TimelineMarker[] => {
    const at = secondsToFrames(scene.start_s, rate);
    if (!inside(at)) return [];
    const note = scene.description?.replace(/\s+/g, " ").trim();
    return [
      { offset: at - first, name: `Scene ${scene.idx + 1}`, ...(note ? { note: note.slice(0, 500) } : {}) },
    ];
  });
  const fromMarks = marks.flatMap((mark): TimelineMarker[] => {
    const { at, duration } = markFrames(mark, rate, last);
    if (!inside(at)) return [];
    const marker: TimelineMarker = {
      offset: at - first,
      name: mark.name,
      color: mark.color,
      kind: mark.kind ?? "marker",
      author: mark.author,
    };
    if (mark.note !== "") marker.note = mark.note;
    if (duration !== null) marker.duration = duration;
    return [marker];
  });
  return [...fromScenes, ...fromMarks].sort((a, b) => a.offset - b.offset);
}

const CHANNELS = z.array(z.object({ index: z.number().int().positive(), name: z.string().nullable() }));

/** A camera clip's synced sound as the timeline model takes it, counted against the clip's rate. */
function syncedSound(store: LibraryStore, sound: ExportSound, own: FrameRate, refs: MediaRefs): SyncedSound {
  const { row } = sound;
  const channelCount = Math.max(1, row.audio_channels ?? FALLBACK_AUDIO.channels);
  const named = sound.channels.filter((c) => c.index <= channelCount);
  const timecode = sourceTimecode(row, own);
  return {
    name: row.name,
    url: mediaUrl(store, row, refs),
    sampleRate: sound.sampleRate,
    channelCount,
    channels:
      named.length > 0
        ? named
        : Array.from({ length: channelCount }, (_, i): SoundChannel => ({ index: i + 1, name: null })),
    samples: Math.max(0, Math.round((row.duration_s ?? 0) * sound.sampleRate)),
    sourceStart: timecode.start,
    dropFrame: timecode.dropFrame,
    offsetSamples: sound.offsetSamples,
  };
}

/** The recorder's channels a pair names, as stored; none when unreadable. */
export const pairChannels = (json: string): SoundChannel[] => readJsonColumn(json, CHANNELS, []);

/** The transcript segments inside the window, cut at its edges and moved to `at` seconds on the timeline. */
function retimedCues(row: MediaRow, window: { in: number; out: number }, at: number, log: Logger): Cue[] {
  return readSegments(row.segments_json, row.id, log)
    .filter((s) => s.end > window.in && s.start < window.out)
    .map((s) => ({
      start: at + Math.max(s.start, window.in) - window.in,
      end: at + Math.min(s.end, window.out) - window.in,
      text: s.text,
    }));
}

export interface BuiltTimeline {
  timeline: Timeline;
  /** Subtitle cues on the timeline, seconds from its first frame. */
  cues: Cue[];
  /** Clips that contributed nothing (no duration, or a window with nothing left), and why. */
  skipped: { id: number; reason: string }[];
  /** Clips placed whose timing an NLE may not keep as written (variable frame rate), and why. */
  warnings: { id: number; reason: string }[];
  /** Each placed clip with the item (and subclip) it came from, in timeline order. */
  placed: PlacedClip[];
}

export interface PlacedClip {
  entry: ExportClip;
  subclip: MarkRow | null;
  clip: TimelineClip;
}

/** Why a placed clip may not line up in an NLE, or null. */
export const warningOf = (row: Pick<MediaRow, "kind" | "vfr">): string | null =>
  row.kind === "video" && row.vfr === 1
    ? "variable frame rate, placed at its average rate: an NLE may drift against it unless it is conformed first"
    : null;

/**
 * Lays clips end to end from 01:00:00:00 at the timeline rate. Every clip contributes its window
 * (`trimmed`) or the whole file, measured in seconds and snapped to the nearest frames of the
 * clip's own rate, where its timecode and markers stay; on the timeline it lasts the nearest
 * whole number of timeline frames, so clips of other rates (and variable-rate clips, by their
 * average) keep their running time to within half a frame.
 */
export function buildTimeline(
  store: LibraryStore,
  clips: readonly ExportClip[],
  /**
   * `cues`: whether subtitle cues are wanted (they need the clips' segment timing); `scenes`:
   * whether scene starts become markers; `subclips`: whether each item's subclips follow its
   * select as clips of their own.
   */
  options: {
    name: string;
    rate?: FrameRate;
    trimmed: boolean;
    refs: MediaRefs;
    cues: boolean;
    scenes?: boolean;
    subclips?: boolean;
  },
  log: Logger,
): BuiltTimeline {
  const { rate, dropFrame } = timelineRate(clips, options.rate);
  // The first frame is labelled 01:00:00:00 in the timeline's own timecode, as NLEs start edits.
  const start = parseTimecode(dropFrame ? "01:00:00;00" : "01:00:00:00", rate).frames;
  const timeline: Timeline = { name: options.name, rate, dropFrame, start, clips: [] };
  const cues: Cue[] = [];
  const skipped: BuiltTimeline["skipped"] = [];
  const warnings: BuiltTimeline["warnings"] = [];
  const placed: PlacedClip[] = [];
  let record = 0;
  const place = (entry: ExportClip, window: { in: number; out: number } | null, subclip?: MarkRow) => {
    const { row } = entry;
    const own = sourceRateOf(row, rate);
    const windowIn = window ? secondsToFrames(window.in, own) : 0;
    const windowOut = window ? Math.min(secondsToFrames(window.out, own), sourceFrames(row, own)) : 0;
    if (!window || windowOut <= windowIn) {
      const reason = subclip
        ? `subclip ${subclip.id} leaves nothing of the file`
        : fileSeconds(row) > 0
          ? "the in/out window leaves nothing"
          : "no duration";
      skipped.push({ id: row.id, reason });
      return;
    }
    const timecode = sourceTimecode(row, own);
    const clip: TimelineClip = {
      name: row.name,
      kind: row.kind,
      url: mediaUrl(store, row, options.refs),
      sourceRate: own,
      dropFrame: timecode.dropFrame,
      sourceStart: timecode.start,
      sourceDuration: Math.max(windowOut, sourceFrames(row, own)),
      windowIn,
      windowOut,
      recordIn: record,
      // An audio item always has sound, whatever an older probe recorded.
      audioTracks:
        row.kind === "image" ? 0 : row.kind === "audio" ? Math.max(1, row.audio_tracks) : row.audio_tracks,
      audioChannels: row.audio_channels ?? FALLBACK_AUDIO.channels,
      audioRate: row.audio_sample_rate ?? FALLBACK_AUDIO.sampleRate,
      width: row.width,
      height: row.height,
      picture: {
        pixelAspect: row.pixel_aspect ?? "1:1",
        desqueeze: row.desqueeze ?? 1,
        fieldOrder: row.field_order,
        hdr: row.hdr,
      },
      markers: markersOf(options.scenes === false ? [] : entry.scenes, entry.markers ?? [], window, own),
    };
    if (entry.sound && row.kind === "video") clip.sound = syncedSound(store, entry.sound, own, options.refs);
    if (subclip) clip.subclip = { name: subclip.name, note: subclip.note, color: subclip.color };
    clip.log = { tags: entry.tags ?? [], rating: row.rating ?? "", note: row.rating_note ?? "" };
    const sequence = clipSequence(store, row, options.refs);
    if (sequence) clip.sequence = sequence;
    timeline.clips.push(clip);
    placed.push({ entry, subclip: subclip ?? null, clip });
    // Subtitles count in seconds, which a variable rate does not disturb.
    const warning = options.cues ? null : warningOf(row);
    if (warning && !warnings.some((w) => w.id === row.id)) warnings.push({ id: row.id, reason: warning });
    if (options.cues) cues.push(...retimedCues(row, window, framesToSeconds(record, rate), log));
    record += recordLength(clip, rate);
  };
  for (const entry of spanOrdered(clips)) {
    place(entry, clipWindow(entry.row, options.trimmed));
    if (!options.subclips || entry.row.kind === "image") continue;
    for (const subclip of entry.subclips ?? []) {
      const end = subclip.end_s ?? subclip.start_s;
      place(entry, end > subclip.start_s ? { in: Math.max(0, subclip.start_s), out: end } : null, subclip);
    }
  }
  return { timeline, cues, skipped, warnings, placed };
}
