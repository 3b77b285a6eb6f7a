import type { Readable } from "node:stream";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import { writeEdl } from "../../formats/edl.js";
import { writeMarkerEdl } from "../../formats/edl-markers.js";
import { writeSoundEdl } from "../../formats/edl-sound.js";
import {
  DEFAULT_FCPXML_VERSION,
  FCPXML_VERSIONS,
  type FcpxmlVersion,
  writeFcpxmlBytes,
} from "../../formats/fcpxml.js";
import { writeOtio } from "../../formats/otio.js";
import { writeSrt } from "../../formats/srt.js";
import { type FrameRate, STANDARD_RATES } from "../../formats/timecode.js";
import { writeText } from "../../formats/txt.js";
import { writeVtt } from "../../formats/vtt.js";
import { writeXmemlBytes } from "../../formats/xmeml.js";
import type { Logger } from "../../state/logger.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";
import { writeAleFile } from "./ale.js";
import {
  type BuiltTimeline,
  buildTimeline,
  type ExportClip,
  type ExportSound,
  type MediaRefs,
  pairChannels,
} from "./build.js";
import { zipFcpxmlBundle } from "./fcpxml-bundle.js";
import { attachment, safeStem } from "./names.js";
import { writeSelects } from "./selects.js";
import { xmemlLogs } from "./xmeml-log.js";

/** What a writer is told beyond the timeline: the FCPXML version (the FCPXML formats only). */
export interface WriteOptions {
  fcpxmlVersion?: FcpxmlVersion;
  /** The file name without its extension, which names a bundle's folder. */
  stem?: string;
}

export interface Writer {
  /** The file name extension, with its dot. */
  readonly ext: string;
  readonly contentType: string;
  write(built: BuiltTimeline, options?: WriteOptions): string | Buffer | Readable;
}

const XML = "application/xml; charset=utf-8";

/** Bundles start at FCPXML 1.10 (Final Cut Pro 10.6): an older version has no bundle to be in. */
const BUNDLE_VERSIONS: readonly FcpxmlVersion[] = FCPXML_VERSIONS.filter((v) => v !== "1.9");
const BUNDLE_DEFAULT_VERSION: FcpxmlVersion = "1.10";
/** The formats a `version` applies to. */
const VERSIONED_FORMATS: ReadonlySet<string> = new Set(["fcpxml", "fcpxmld"]);

/** Every file svc can write from a timeline, by the name the API and CLI use for it. */
export const WRITERS = {
  edl: { ext: ".edl", contentType: "text/plain; charset=utf-8", write: (b) => writeEdl(b.timeline) },
  "edl-markers": {
    ext: ".markers.edl",
    contentType: "text/plain; charset=utf-8",
    write: (b) => writeMarkerEdl(b.timeline),
  },
  "edl-sound": {
    ext: ".sound.edl",
    contentType: "text/plain; charset=utf-8",
    write: (b) => writeSoundEdl(b.timeline),
  },
  srt: {
    ext: ".srt",
    contentType: "application/x-subrip; charset=utf-8",
    write: (b) => writeSrt(b.cues),
  },
  vtt: { ext: ".vtt", contentType: "text/vtt; charset=utf-8", write: (b) => writeVtt(b.cues) },
  txt: { ext: ".txt", contentType: "text/plain; charset=utf-8", write: (b) => writeText(b.cues) },
  fcpxml: {
    ext: ".fcpxml",
    contentType: XML,
    write: (b, o?) => writeFcpxmlBytes(b.timeline, o?.fcpxmlVersion),
  },
  fcpxmld: {
    ext: ".fcpxmld.zip",
    contentType: "application/zip",
    write: (b, o?) =>
      zipFcpxmlBundle(
        `${o?.stem ?? "svc timeline"}.fcpxmld`,
        writeFcpxmlBytes(b.timeline, o?.fcpxmlVersion ?? BUNDLE_DEFAULT_VERSION),
      ),
  },
  xmeml: {
    ext: ".xml",
    contentType: XML,
    write: (b) => writeXmemlBytes(b.timeline, { logs: xmemlLogs(b), bin: b.timeline.name }),
  },
  otio: { ext: ".otio", contentType: "application/json; charset=utf-8", write: (b) => writeOtio(b.timeline) },
  "selects-csv": {
    ext: ".selects.csv",
    contentType: "text/csv; charset=utf-8; header=present",
    write: (b) => writeSelects(b, "csv"),
  },
  "selects-tsv": {
    ext: ".selects.tsv",
    contentType: "text/tab-separated-values; charset=utf-8",
    write: (b) => writeSelects(b, "tsv"),
  },
  ale: { ext: ".ale", contentType: "text/plain; charset=utf-8", write: writeAleFile },
} as const satisfies Record<string, Writer>;

export type FormatName = keyof typeof WRITERS;

/** The formats written from the transcript's cues rather than the clips. */
export const SUBTITLE_FORMATS: ReadonlySet<FormatName> = new Set(["srt", "vtt", "txt"]);

/**
 * The logs of selects (the selects logs and Avid's ALE): a row per select, every item's subclips
 * included whatever `subclips` says.
 */
export const SELECTS_FORMATS: ReadonlySet<FormatName> = new Set(["selects-csv", "selects-tsv", "ale"]);

/** Formats of `GET /api/export/timeline/{fmt}`: one file for the whole edit. */
export const TIMELINE_FORMATS = [
  "edl",
  "fcpxml",
  "fcpxmld",
  "xmeml",
  "otio",
  "srt",
  "vtt",
  "edl-markers",
  "txt",
  "edl-sound",
  "selects-csv",
  "selects-tsv",
  "ale",
] as const satisfies readonly FormatName[];
export type TimelineFormat = (typeof TIMELINE_FORMATS)[number];

/** The Content-Types of those formats' files. */
export const TIMELINE_TYPES: readonly string[] = TIMELINE_FORMATS.map(
  (format) => WRITERS[format].contentType,
);

/** Clips one timeline may hold; an edit of more is better cut into reels. */
export const MAX_TIMELINE_CLIPS = 2000;

const RATE_LABELS = STANDARD_RATES.map((r) => r.label);

/** The clip list of an export: comma-separated ids, in edit order (an id may repeat). */
export const idList = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/, "expected media ids separated by commas, e.g. 12,7,31")
    .transform((text) => text.split(",").map(Number))
    .refine((ids) => ids.length <= max, `at most ${max} clips`);

/** A yes/no query flag: 1/0, true/false, yes/no. */
const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no"], "expected 1 or 0")
    .transform((value) => value === "1" || value === "true" || value === "yes")
    .default(fallback);

/**
 * Which sync pairs bring their sound: accepted ones only (what a conform trusts), proposed ones
 * too (a first look before review), or none.
 */
export const SYNC_CHOICES = ["accepted", "proposed", "none"] as const;
export type SyncChoice = (typeof SYNC_CHOICES)[number];

/**
 * What names the FCPXML event a timeline goes into: the timeline (each export its own event, as
 * a query's selects are) or the svc project (every export of a project gathered in one event).
 */
export const EVENT_CHOICES = ["timeline", "project"] as const;

export const TIMELINE_QUERY = z.object({
  ids: idList(MAX_TIMELINE_CLIPS),
  fps: z
    .enum(RATE_LABELS as [string, ...string[]], { error: `expected one of ${RATE_LABELS.join(", ")}` })
    .optional(),
  name: z.string().trim().min(1).max(120).optional(),
  sync: z.enum(SYNC_CHOICES, { error: `expected one of ${SYNC_CHOICES.join(", ")}` }).default("accepted"),
  subclips: flag(false),
  scenes: flag(true),
  version: z.enum(FCPXML_VERSIONS, { error: `expected one of ${FCPXML_VERSIONS.join(", ")}` }).optional(),
  event: z
    .enum(EVENT_CHOICES, { error: `expected one of ${EVENT_CHOICES.join(", ")}` })
    .default("timeline")
    .describe(
      "FCPXML: the event is named as the timeline (one per query) or as the svc project (one per project)",
    ),
});
export type TimelineQuery = z.infer<typeof TIMELINE_QUERY>;

/** `fmt` of the timeline route, or 422 naming the formats there are. */
export function timelineFormat(fmt: string | undefined): TimelineFormat {
  const found = TIMELINE_FORMATS.find((f) => f === fmt);
  if (!found) {
    throw new UserError(
      `unknown timeline format "${String(fmt).slice(0, 32)}": expected one of ${TIMELINE_FORMATS.join(", ")}`,
      EXIT.usage,
      422,
    );
  }
  return found;
}

/**
 * The FCPXML version of an export: the one asked for, or the format's default (1.9 for a
 * document, 1.10 for a bundle); 422 for a version the format has not, or on a format without one.
 */
export function fcpxmlVersionOf(format: TimelineFormat, version: FcpxmlVersion | undefined): FcpxmlVersion {
  if (version === undefined) return format === "fcpxmld" ? BUNDLE_DEFAULT_VERSION : DEFAULT_FCPXML_VERSION;
  if (!VERSIONED_FORMATS.has(format))
    throw new UserError(`version: only fcpxml and fcpxmld have versions, not ${format}`, EXIT.usage, 422);
  if (format === "fcpxmld" && !BUNDLE_VERSIONS.includes(version))
    throw new UserError(
      `version: fcpxmld bundles start at 1.10: expected one of ${BUNDLE_VERSIONS.join(", ")}`,
      EXIT.usage,
      422,
    );
  return version;
}

export const rateOfLabel = (label: string | undefined): FrameRate | undefined =>
  STANDARD_RATES.find((r) => r.label === label);

/**
 * The sound of each camera clip among `ids`: its best pair of those `sync` admits (accepted
 * before proposed, then the most confident; rejected never) whose sound file is still an item.
 */
export function loadSounds(
  store: LibraryStore,
  ids: readonly number[],
  sync: SyncChoice,
): Map<number, ExportSound> {
  const sounds = new Map<number, ExportSound>();
  if (sync === "none") return sounds;
  const pairs = store.sync
    .forCameras(ids, sync === "accepted")
    .filter((pair) => pair.state !== "rejected")
    .sort((a, b) => Number(b.state === "accepted") - Number(a.state === "accepted"));
  const rows = store.media.exportRows(
    pairs.map((pair) => pair.sound_media_id),
    false,
  );
  for (const pair of pairs) {
    const row = rows.get(pair.sound_media_id);
    if (!row || sounds.has(pair.camera_media_id) || pair.sound_rate <= 0) continue;
    sounds.set(pair.camera_media_id, {
      row,
      offsetSamples: pair.offset_samples,
      sampleRate: pair.sound_rate,
      channels: pairChannels(pair.channels_json),
    });
  }
  return sounds;
}

/**
 * The items of `ids` in that order with their scenes, the editor's markers and subclips, and
 * their synced sound as `sync` says (and their segment timing when `cues`, for subtitles); 404
 * naming the ids that are not items.
 */
export function loadClips(
  store: LibraryStore,
  ids: readonly number[],
  cues: boolean,
  sync: SyncChoice = "accepted",
): ExportClip[] {
  const rows = store.media.exportRows(ids, cues);
  const unknown = [...new Set(ids)].filter((id) => !rows.has(id));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 10).join(", ");
    throw new UserError(`no media item ${shown}${unknown.length > 10 ? ", …" : ""}`, EXIT.usage, 404);
  }
  const markers = store.marks.forMany(ids, "marker");
  const subclips = store.marks.forMany(ids, "subclip");
  const sounds = loadSounds(store, ids, sync);
  const tags = store.tags.namesForMany(ids);
  return ids.map((id) => {
    const row = rows.get(id) as MediaRow;
    const clip: ExportClip = {
      row,
      scenes: store.scenes.forMedia(id),
      markers: markers.get(id) ?? [],
      subclips: subclips.get(id) ?? [],
      tags: tags.get(id) ?? [],
    };
    const sound = sounds.get(id);
    if (sound) clip.sound = sound;
    return clip;
  });
}

export interface ExportedFile {
  fileName: string;
  contentType: string;
  /** `Content-Disposition` for the download. */
  disposition: string;
  /** The file; a stream for a zipped bundle. */
  body: string | Buffer | Readable;
  /** Clips that contributed nothing, and why. */
  skipped: { id: number; reason: string }[];
  /** Clips placed with a caveat (variable frame rate), and why. */
  warnings: { id: number; reason: string }[];
}

/**
 * `GET /api/export/timeline/{fmt}`: the clips end to end, each by its in/out window, as one
 * timeline file; subtitle formats carry the transcript re-timed onto the timeline.
 */
export function exportTimeline(
  store: LibraryStore,
  format: TimelineFormat,
  query: TimelineQuery,
  refs: MediaRefs,
  log: Logger,
  projectName: string,
): ExportedFile {
  const name = query.name ?? "svc timeline";
  const writer: Writer = WRITERS[format];
  const fcpxmlVersion = fcpxmlVersionOf(format, query.version);
  const cues = SUBTITLE_FORMATS.has(format);
  const clips = loadClips(store, query.ids, cues, query.sync);
  const built = buildTimeline(
    store,
    clips,
    {
      name,
      rate: rateOfLabel(query.fps),
      trimmed: true,
      refs,
      cues,
      scenes: query.scenes,
      subclips: query.subclips || SELECTS_FORMATS.has(format),
    },
    log,
  );
  if (query.event === "project") built.timeline.event = projectName;
  const stem = safeStem(name);
  const fileName = `${stem}${writer.ext}`;
  return {
    fileName,
    contentType: writer.contentType,
    disposition: attachment(fileName),
    body: writer.write(built, { fcpxmlVersion, stem }),
    skipped: built.skipped,
    warnings: built.warnings,
  };
}
