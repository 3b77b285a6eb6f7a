import { basename, join } from "node:path";
import type { Adapters } from "../../adapters/index.js";
import { kindOf } from "../../domain/media-types.js";
import { probeFile } from "../../pipeline/index.js";
import { writeFileAtomic } from "../../state/atomic.js";
import type { ProbeFields } from "../../state/repos/media.js";
import type { MhlEntry } from "./mhl.js";

export const REPORT_COLUMNS = [
  "file",
  "size",
  "duration",
  "codec",
  "resolution",
  "fps",
  "timecode",
  "hash",
] as const;

/** The report's name at a destination's root: the card's folder name, so cards do not collide. */
export const reportName = (source: string) =>
  `${basename(source).replace(/[^A-Za-z0-9._-]/g, "_")}_camera_report.csv`;

const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The per-card CSV camera report: one row per verified file with its size and hash, and for
 * video and audio what ffprobe reads from the verified copy at `probeRoot` (duration, codec,
 * resolution, fps, start timecode), probed once per file across destinations (`probed`). A
 * file that cannot be probed keeps its size and hash.
 */
export async function cameraReport(
  probeRoot: string,
  entries: readonly MhlEntry[],
  adapters: Adapters,
  probed: Map<string, ProbeFields | null>,
  signal?: AbortSignal,
): Promise<string> {
  const rows = [REPORT_COLUMNS.join(",")];
  const sorted = [...entries].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  for (const entry of sorted) {
    const kind = kindOf(entry.rel);
    let fields = probed.get(entry.rel) ?? null;
    if (!probed.has(entry.rel) && kind && kind !== "image" && adapters.ffprobe) {
      try {
        const file = join(probeRoot, ...entry.rel.split("/"));
        ({ fields } = await probeFile(file, kind, adapters, signal ?? new AbortController().signal));
      } catch {
        fields = null;
      }
      probed.set(entry.rel, fields);
    }
    const resolution = fields?.width && fields.height ? `${fields.width}x${fields.height}` : null;
    rows.push(
      [
        entry.rel,
        entry.size,
        fields?.duration_s,
        fields?.codec,
        resolution,
        fields?.fps,
        fields?.start_timecode,
        `${entry.format}:${entry.hash}`,
      ]
        .map(cell)
        .join(","),
    );
  }
  return `${rows.join("\n")}\n`;
}

export async function writeCameraReport(dest: string, source: string, csv: string): Promise<void> {
  await writeFileAtomic(join(dest, reportName(source)), csv);
}
