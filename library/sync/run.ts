import { EXIT, UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import { AUDIO_STREAMS } from "../../domain/schemas/media.js";
import { type Decision, decide, type SyncMode, type WaveformResult } from "../../domain/sync/decide.js";
import { peakLevel } from "../../domain/sync/envelope.js";
import { type CameraClip, matchByTimecode, type SoundFile, sameDay } from "../../domain/sync/timecode.js";
import { readJsonColumn } from "../../state/json-column.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { cameraClip, soundFile } from "./media.js";
import { SyncSignals } from "./signals.js";
import { matchByWaveform, SILENT_LEVEL } from "./waveform.js";

export interface SyncRequest {
  root: string;
  /** Only camera clips in this folder (relative to the root); recordings come from the whole project. */
  dir: string | null;
  by: SyncMode;
  signal: AbortSignal;
  onEvent?: ((event: SyncEvent) => void) | undefined;
}

export type SyncEvent =
  | { event: "start"; clips: number; recordings: number }
  | {
      event: "clip";
      path: string;
      status: "synced" | "unmatched" | "failed";
      pairs: number;
      reason?: string;
      elapsed_ms: number;
    }
  | ({ event: "summary" } & SyncSummary);

export interface SyncSummary {
  clips_total: number;
  clips_done: number;
  pairs: number;
  unmatched: number;
  failed: number;
  elapsed_ms: number;
}

const REASON_CHARS = 300;

/** The recorder's channels of a sound file's first stream, 1-based, with their iXML names. */
function channelsOf(json: string | null): string {
  const first = readJsonColumn(json, AUDIO_STREAMS, [])[0];
  const count = first?.channels ?? 0;
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({ index: i + 1, name: first?.names[i] || null })),
  );
}

/** The programs a sync decodes and reads with; 503 without them. */
export function syncTools(ctx: AppContext) {
  const { ffmpeg, ffprobe } = ctx.adapters;
  if (!ffmpeg || !ffprobe)
    throw new UserError(
      "ffmpeg and ffprobe are required: install ffmpeg or set SVC_FFMPEG and SVC_FFPROBE",
      EXIT.usage,
      503,
    );
  return { ffmpeg, ffprobe };
}

/**
 * One sync run over a project (docs/sync-and-marks.md, "Sound sync"): every camera clip (kind
 * video, in `dir` when given) against the recordings (kind audio) of its shoot day, by timecode,
 * by waveform or both; each clip's pairs recorded, or why none was claimed. A clip whose files
 * could not be read counts as failed and keeps what an earlier run stored.
 */
export async function runSync(
  ctx: AppContext,
  store: LibraryStore,
  request: SyncRequest,
): Promise<SyncSummary> {
  const started = performance.now();
  const { ffmpeg, ffprobe } = syncTools(ctx);
  const floor = ctx.config.syncMinConfidence;
  const clips = store.sync.media("video", request.dir).map(cameraClip);
  const rows = store.sync.media("audio", null);
  const sounds: (SoundFile & { problem?: string })[] = [];
  for (const row of rows) sounds.push(await soundFile(request.root, row, ffprobe, request.signal));
  const channels = new Map(rows.map((r) => [r.id, channelsOf(r.audio_streams_json)]));
  const summary: SyncSummary = {
    clips_total: clips.length,
    clips_done: 0,
    pairs: 0,
    unmatched: 0,
    failed: 0,
    elapsed_ms: 0,
  };
  request.onEvent?.({ event: "start", clips: clips.length, recordings: sounds.length });
  const signals = new SyncSignals(ffmpeg, request.root, request.signal);
  for (const clip of clips) {
    if (request.signal.aborted) break;
    const clipStarted = performance.now();
    const elapsed = () => Math.round(performance.now() - clipStarted);
    let decision: Decision;
    try {
      decision = await syncClip(clip, sounds, signals, request.by, floor);
    } catch (error) {
      if (request.signal.aborted) break;
      const reason = scrubText(error instanceof Error ? error.message : String(error)).slice(0, REASON_CHARS);
      summary.failed += 1;
      ctx.log.warn({ path: clip.rel_path, reason }, "sync failed for a clip");
      request.onEvent?.({
        event: "clip",
        path: clip.rel_path,
        status: "failed",
        pairs: 0,
        reason,
        elapsed_ms: elapsed(),
      });
      continue;
    }
    summary.clips_done += 1;
    if ("claims" in decision) {
      for (const claim of decision.claims)
        store.sync.record({
          camera_media_id: clip.id,
          sound_media_id: claim.sound_id,
          channels_json: channels.get(claim.sound_id) ?? "[]",
          offset_samples: claim.offset_samples,
          sound_rate: sounds.find((s) => s.id === claim.sound_id)?.sample_rate ?? 48_000,
          method: claim.method,
          confidence: claim.confidence,
          reason: claim.reason.slice(0, REASON_CHARS),
        });
      store.sync.prune(
        clip.id,
        decision.claims.map((c) => c.sound_id),
      );
      summary.pairs += decision.claims.length;
      request.onEvent?.({
        event: "clip",
        path: clip.rel_path,
        status: "synced",
        pairs: decision.claims.length,
        elapsed_ms: elapsed(),
      });
    } else {
      const reason = decision.unmatched.slice(0, REASON_CHARS);
      store.sync.unmatched(clip.id, reason);
      summary.unmatched += 1;
      request.onEvent?.({
        event: "clip",
        path: clip.rel_path,
        status: "unmatched",
        pairs: 0,
        reason,
        elapsed_ms: elapsed(),
      });
    }
  }
  summary.elapsed_ms = Math.round(performance.now() - started);
  request.onEvent?.({ event: "summary", ...summary });
  return summary;
}

/** Timecode, then the waveform where the mode asks for it, merged by the rules of domain/sync/decide.ts. */
async function syncClip(
  clip: CameraClip,
  sounds: readonly (SoundFile & { problem?: string })[],
  signals: SyncSignals,
  by: SyncMode,
  floor: number,
): Promise<Decision> {
  const ofDay = sounds.filter((s) => sameDay(clip.shot_date, s.shot_date));
  const timecode = by === "waveform" ? [] : matchByTimecode(clip, ofDay);
  const waveform: WaveformResult[] = [];
  const rate = clip.timecode?.rate ?? { num: 25, den: 1 };
  const sampleRate = (id: number) => sounds.find((s) => s.id === id)?.sample_rate ?? 48_000;
  const options = {
    floor,
    sampleRate,
    samplesPerFrame: (id: number) => (sampleRate(id) * rate.den) / rate.num,
  };
  if (by === "timecode") return decide(timecode, waveform, options);
  if (clip.audio_tracks === 0) {
    const why = "the clip has no scratch track to sync by waveform";
    if (timecode.length === 0)
      return { unmatched: by === "waveform" ? why : `${why}, and no recording overlaps its timecode` };
    return decide(
      timecode,
      timecode.map((t) => ({ sound_id: t.sound_id, missing: why })),
      options,
    );
  }
  const envelope = await signals.clip(clip.rel_path, clip.duration_s);
  if (peakLevel(envelope) < SILENT_LEVEL) {
    const why = "the clip's scratch track is silent";
    if (timecode.length === 0)
      return { unmatched: `${why}${by === "both" ? ", and no recording overlaps its timecode" : ""}` };
    return decide(
      timecode,
      timecode.map((t) => ({ sound_id: t.sound_id, missing: why })),
      options,
    );
  }
  const hear = async (list: readonly (SoundFile & { problem?: string })[]) => {
    for (const sound of list)
      waveform.push(
        sound.problem
          ? { sound_id: sound.id, missing: "the recording could not be read" }
          : await matchByWaveform(signals, clip, envelope, sound, floor),
      );
  };
  const placed = new Set(timecode.map((t) => t.sound_id));
  await hear(ofDay.filter((s) => placed.size === 0 || placed.has(s.id)));
  // Timecode the audio did not confirm may be jammed wrong: the rest of the day is heard too.
  const confirmed = waveform.some((w) => "confidence" in w && w.confidence >= floor);
  if (placed.size > 0 && !confirmed) await hear(ofDay.filter((s) => !placed.has(s.id)));
  return decide(timecode, waveform, options);
}
