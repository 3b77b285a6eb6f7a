import { join } from "node:path";
import type { Ffprobe } from "../../adapters/ffprobe.js";
import type { CameraClip, SoundFile } from "../../domain/sync/timecode.js";
import { BWF_DEFAULT_RATE } from "../../formats/bwf-time.js";
import { type FrameRate, parseFrameRate, parseTimecode, snapRate } from "../../formats/timecode.js";
import { readIxml } from "../../pipeline/index.js";
import type { SyncMediaRow } from "../../state/repos/sync-pairs.js";

/** A clip's exact rate: its stored rational, else its frames per second snapped to a standard rate. */
export function clipRate(row: Pick<SyncMediaRow, "fps_rational" | "fps">): FrameRate | null {
  const exact = parseFrameRate(row.fps_rational);
  if (exact) return exact;
  return row.fps && row.fps > 0 ? snapRate(row.fps) : null;
}

export function cameraClip(row: SyncMediaRow): CameraClip {
  const rate = clipRate(row);
  return {
    id: row.id,
    rel_path: row.rel_path,
    timecode: row.start_timecode && rate ? { label: row.start_timecode, rate } : null,
    duration_s: row.duration_s ?? 0,
    shot_date: row.shot_date,
    audio_tracks: row.audio_tracks,
  };
}

const whole = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,20}$/.test(text.trim()) && Number.isSafeInteger(Number(text))
    ? Number(text)
    : null;

/**
 * A recording as sync places it: where it starts in samples since midnight comes from the file
 * itself, read again here (BWF `bext` TimeReference, else iXML's copy), because the library keeps
 * only its label, rounded to a frame. A file that cannot be read now is placed by that label at
 * the iXML rate the probe used (25 fps when unsaid), to the frame, and the problem is noted.
 */
export async function soundFile(
  root: string,
  row: SyncMediaRow,
  ffprobe: Ffprobe,
  signal: AbortSignal,
): Promise<SoundFile & { problem?: string }> {
  const sampleRate = row.audio_sample_rate ?? 48_000;
  const base: SoundFile = {
    id: row.id,
    rel_path: row.rel_path,
    sample_rate: sampleRate,
    duration_s: row.duration_s ?? 0,
    shot_date: row.shot_date,
    start_sample: null,
    timecode_rate: null,
  };
  const file = join(root, row.rel_path);
  try {
    const report = await ffprobe.probe(file, signal);
    const ixml = await readIxml(file, report, []);
    const reference = whole(
      Object.entries(report.format.tags ?? {}).find(([k]) => k.toLowerCase() === "time_reference")?.[1],
    );
    const fromIxml = ixml?.speed.samples ? whole(ixml.speed.samples) : null;
    const ixmlRate = ixml?.speed.sampleRate ?? sampleRate;
    const start = reference ?? (fromIxml === null ? null : Math.round((fromIxml * sampleRate) / ixmlRate));
    return {
      ...base,
      start_sample: start ?? labelStart(row, sampleRate),
      timecode_rate: ixml?.speed.rate ?? null,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return { ...base, start_sample: labelStart(row, sampleRate), problem: (error as Error).message };
  }
}

function labelStart(row: SyncMediaRow, sampleRate: number): number | null {
  if (!row.start_timecode) return null;
  const rate = clipRate(row) ?? BWF_DEFAULT_RATE;
  try {
    const { frames } = parseTimecode(row.start_timecode, rate);
    return Math.round((frames * rate.den * sampleRate) / rate.num);
  } catch {
    return null;
  }
}
