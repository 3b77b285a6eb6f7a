import { readFile, stat } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import type { ProbeReport } from "../../adapters/ffprobe.js";
import { BWF_DEFAULT_RATE, samplesToTimecode } from "../../formats/bwf-time.js";
import type { Ixml } from "../../formats/ixml.js";
import { sonyStartTimecode } from "../../formats/sony-xml.js";
import {
  resolveTimecode,
  type TimecodeCandidate,
  type TimecodeSource,
} from "../../formats/timecode-sources.js";
import { isErrno } from "../../state/errno.js";
import type { ProbeFields } from "../../state/repos/media.js";

/** A Sony sidecar larger than this is not one (they are a few kilobytes). */
const MAX_SIDECAR_BYTES = 1024 * 1024;

const lower = (tags: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

/**
 * What the container's `timecode` tags are called: a QuickTime file's are its tmcd track, an
 * MP4's its timecode track or tag, an MXF's its material or source package; any other
 * container's tag is only a tag.
 */
function containerSource(report: ProbeReport): TimecodeSource {
  const format = report.format.format_name ?? "";
  if (format.includes("mxf")) return "mxf";
  if (format.includes("mov") || format.includes("mp4")) {
    return (lower(report.format.tags).major_brand ?? "").trim() === "qt" ? "tmcd" : "mp4";
  }
  return "container";
}

/**
 * The container's timecode tags, the one NLEs show first: an MXF's material package (ffmpeg's
 * format tag) before its source packages (stream tags); elsewhere a timecode track (stream tags)
 * before a file-level tag.
 */
function containerCandidates(report: ProbeReport): TimecodeCandidate[] {
  const source = containerSource(report);
  const streams = report.streams.map((s) => s.tags);
  const tagged = source === "mxf" ? [report.format.tags, ...streams] : [...streams, report.format.tags];
  return tagged.flatMap((tags) => {
    const timecode = lower(tags).timecode;
    return timecode ? [{ source, timecode }] : [];
  });
}

/**
 * BWF's `bext` TimeReference (ffmpeg's `time_reference` tag) and iXML's own copy of it, as labels
 * at the rate the iXML names, else BWF_DEFAULT_RATE.
 */
function soundCandidates(report: ProbeReport, ixml: Ixml | null, problems: string[]): TimecodeCandidate[] {
  const candidates: TimecodeCandidate[] = [];
  const rate = ixml?.speed.rate ?? BWF_DEFAULT_RATE;
  const dropFrame = ixml?.speed.dropFrame ?? false;
  const fileRate = Number(report.streams.find((s) => s.codec_type === "audio")?.sample_rate);
  const add = (source: TimecodeSource, samples: string, sampleRate: number) => {
    const label = samplesToTimecode(samples, sampleRate, rate, dropFrame);
    if ("timecode" in label) candidates.push({ source, timecode: label.timecode });
    else problems.push(`${source === "bwf" ? "BWF" : "iXML"} timecode ignored: ${label.reason}`);
  };
  const reference = lower(report.format.tags).time_reference;
  if (reference !== undefined) add("bwf", reference, fileRate);
  if (ixml?.speed.samples) add("ixml", ixml.speed.samples, ixml.speed.sampleRate ?? fileRate);
  return candidates;
}

/** The Sony `<stem>M01.XML` sidecar beside the file, read when there is one. */
async function sonySidecar(file: string, problems: string[]): Promise<TimecodeCandidate[]> {
  const stem = basename(file, extname(file));
  for (const ext of [".XML", ".xml"]) {
    const sidecar = join(dirname(file), `${stem}M01${ext}`);
    try {
      if ((await stat(sidecar)).size > MAX_SIDECAR_BYTES) {
        problems.push("Sony XML sidecar ignored: larger than a sidecar can be");
        return [];
      }
      const timecode = sonyStartTimecode(await readFile(sidecar, "utf8"));
      return timecode === null ? [] : [{ source: "sony-xml", timecode }];
    } catch (error) {
      if (isErrno(error, "ENOENT", "ENOTDIR")) continue;
      problems.push(`Sony XML sidecar ignored: ${(error as Error).message}`);
      return [];
    }
  }
  return [];
}

/**
 * The start timecode from every place the file and its sidecar hold one, resolved by the order
 * of trust (formats/timecode-sources.ts); each candidate that is not a timecode is a problem.
 */
export async function timecodeFields(
  file: string,
  report: ProbeReport,
  ixml: Ixml | null,
  problems: string[],
): Promise<Pick<ProbeFields, "start_timecode" | "timecode_source" | "timecode_conflicts_json">> {
  const resolved = resolveTimecode([
    ...containerCandidates(report),
    ...soundCandidates(report, ixml, problems),
    ...(await sonySidecar(file, problems)),
  ]);
  for (const { source, reason } of resolved.rejected) problems.push(`${source} timecode ignored: ${reason}`);
  return {
    start_timecode: resolved.timecode,
    timecode_source: resolved.source,
    timecode_conflicts_json: resolved.conflicts.length > 0 ? JSON.stringify(resolved.conflicts) : null,
  };
}
