import { ProcessError, run } from "./process.js";

export interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  duration?: string;
  /** Audio streams: channels and samples per second (a string, as ffprobe prints it). */
  channels?: number;
  sample_rate?: string;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
  /** Picture geometry and colour, as ffprobe prints them (`4:3`, `tt`, `smpte2084`). */
  sample_aspect_ratio?: string;
  field_order?: string;
  color_transfer?: string;
  /** Stream side data; a display matrix's entry carries `displaymatrix` and `rotation`. */
  side_data_list?: Record<string, unknown>[];
}

export interface ProbeReport {
  streams: ProbeStream[];
  format: {
    format_name?: string;
    duration?: string;
    tags?: Record<string, string>;
  };
}

export interface Ffprobe {
  readonly path: string;
  probe(file: string, signal?: AbortSignal): Promise<ProbeReport>;
}

const PROBE_TIMEOUT_MS = 60_000;

export function createFfprobe(path: string): Ffprobe {
  return {
    path,
    async probe(file, signal) {
      const { stdout } = await run(
        path,
        ["-v", "error", "-hide_banner", "-print_format", "json", "-show_format", "-show_streams", "--", file],
        { timeoutMs: PROBE_TIMEOUT_MS, signal },
      );
      let parsed: Partial<ProbeReport>;
      try {
        parsed = JSON.parse(stdout) as Partial<ProbeReport>;
      } catch {
        throw new ProcessError("ffprobe returned output that is not JSON", "ffprobe", "failed");
      }
      return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
    },
  };
}
