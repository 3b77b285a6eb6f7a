import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { Adapters } from "../../adapters/index.js";
import { DPX_HEADER_BYTES, readDpxHeader } from "../../formats/dpx-header.js";
import { EXR_HEADER_BYTES, readExrHeader } from "../../formats/exr-header.js";
import { decodeTimecode, type FrameHeader } from "../../formats/frame-header.js";
import {
  type FrameRate,
  fpsOf,
  framesToSeconds,
  framesToTimecode,
  parseTimecode,
  rateLabel,
  snapRate,
  timecodeBase,
} from "../../formats/timecode.js";
import { fingerprint } from "../fingerprint.js";
import type { ScannedSequence } from "../scan.js";
import type { ProbeOutput } from "../stages/probe.js";
import { StageError } from "../stages/types.js";

// A header claiming a rate outside this is wrong (ffprobe's own limit for a believable rate).
const MAX_FPS = 1000;

interface HeaderFormat {
  source: "dpx" | "exr";
  label: string;
  bytes: number;
  read: (bytes: Uint8Array) => FrameHeader | null;
  /** Whether the packed timecode keeps SMPTE 12M flag bits beside its digits. */
  flags: boolean;
}

const HEADERS: Readonly<Record<string, HeaderFormat>> = {
  dpx: { source: "dpx", label: "DPX", bytes: DPX_HEADER_BYTES, read: readDpxHeader, flags: false },
  exr: { source: "exr", label: "EXR", bytes: EXR_HEADER_BYTES, read: readExrHeader, flags: true },
};

/** The first `length` bytes of a file (fewer when it is shorter). */
async function head(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const extensionOf = (relPath: string) => relPath.slice(relPath.lastIndexOf(".") + 1).toLowerCase();

/**
 * What a sequence's identity rests on besides its summed size and newest time: its frame numbers
 * and the content of its first, middle and last frames. A sequence rendered again over the same
 * numbers changes the frames' bytes; one that gains or loses a frame changes the numbers.
 */
export async function sequenceFingerprint(sequence: ScannedSequence): Promise<string> {
  const { frames } = sequence;
  const picked = [...new Set([0, Math.floor(frames.length / 2), frames.length - 1])];
  const hash = createHash("sha256").update(
    `${sequence.first}:${sequence.last}:${sequence.count}:${sequence.padding}`,
  );
  for (const index of picked) {
    const frame = frames[index];
    if (frame) hash.update(await fingerprint(frame.absPath, frame.size));
  }
  return hash.digest("hex").slice(0, 32);
}

interface Timing {
  rate: FrameRate;
  startTimecode: string;
  source: string;
}

/**
 * Rate and start timecode from the first frame's header where it gives them and they hold up,
 * else the configured rate and the first frame number counted at it. A claim that does not hold
 * up is noted in `problems` and left out.
 */
function timingOf(
  format: HeaderFormat | undefined,
  header: FrameHeader | null,
  first: number,
  fallbackFps: number,
  problems: string[],
): Timing {
  let rate = snapRate(fallbackFps);
  if (format && header?.fps != null) {
    if (header.fps > 0 && header.fps < MAX_FPS) rate = snapRate(header.fps);
    else
      problems.push(
        `the ${format.label} header claims ${header.fps} frames per second: ignored, the sequence runs at ${rateLabel(rate)} (SVC_SEQUENCE_FPS)`,
      );
  }
  if (format && header?.timecode != null) {
    const tc = decodeTimecode(header.timecode, format.flags);
    if (tc && tc.frames < timecodeBase(rate)) {
      const text = [tc.hours, tc.minutes, tc.seconds].map((n) => String(n).padStart(2, "0")).join(":");
      const label = `${text}${tc.dropFrame ? ";" : ":"}${String(tc.frames).padStart(2, "0")}`;
      try {
        parseTimecode(label, rate);
        return { rate, startTimecode: label, source: format.source };
      } catch {
        // A drop-frame flag at a rate without drop frame: reported below like any bad timecode.
      }
    }
    problems.push(
      `the ${format.label} header's timecode (0x${header.timecode.toString(16).padStart(8, "0")}) is not a valid timecode at ${rateLabel(rate)} fps: the start timecode counts from the first frame number`,
    );
  }
  return { rate, startTimecode: framesToTimecode(first, rate, false), source: "frame-number" };
}

/**
 * Probes an image sequence: picture size and codec from its first frame (ffprobe reads one DPX,
 * EXR, TIFF, PNG or JPEG), rate and timecode from that frame's DPX or EXR header (timingOf), and
 * a duration from the first frame number to the last: a missing frame shortens nothing.
 */
export async function probeSequence(
  sequence: ScannedSequence,
  fallbackFps: number,
  adapters: Adapters,
  signal: AbortSignal,
): Promise<ProbeOutput> {
  if (!adapters.ffprobe) throw new StageError("ffprobe is not available");
  const firstFrame = sequence.frames[0];
  if (!firstFrame) throw new StageError("the sequence has no frames");
  const problems: string[] = [];
  const format = HEADERS[extensionOf(firstFrame.relPath)];
  const header = format ? format.read(await head(firstFrame.absPath, format.bytes)) : null;
  if (format && !header) problems.push(`the first frame has no ${format.label} header svc can read`);
  const report = await adapters.ffprobe.probe(firstFrame.absPath, signal);
  const picture = report.streams.find((s) => s.codec_type === "video");
  if (!picture?.width || !picture.height)
    throw new StageError(`the first frame (${firstFrame.relPath}) is not a picture ffprobe can read`);
  const timing = timingOf(format, header, sequence.first, fallbackFps, problems);
  if (sequence.missingCount > 0)
    problems.push(
      `${sequence.missingCount} frame${sequence.missingCount === 1 ? "" : "s"} missing between ${sequence.first} and ${sequence.last} (first: ${sequence.missing.slice(0, 5).join(", ")})`,
    );
  const frames = sequence.last - sequence.first + 1;
  return {
    kind: "video",
    fields: {
      duration_s: Math.round(framesToSeconds(frames, timing.rate) * 1000) / 1000,
      codec: picture.codec_name ?? null,
      audio_codec: null,
      fps: Math.round(fpsOf(timing.rate) * 1000) / 1000,
      fps_rational: `${timing.rate.num}/${timing.rate.den}`,
      vfr: 0,
      width: picture.width,
      height: picture.height,
      start_timecode: timing.startTimecode,
      timecode_source: timing.source,
      audio_tracks: 0,
      creation_date: null,
      metadata_json: null,
      sequence_json: JSON.stringify({
        first: sequence.first,
        last: sequence.last,
        count: sequence.count,
        missing: sequence.missing,
        missing_count: sequence.missingCount,
      }),
    },
    problems,
  };
}
