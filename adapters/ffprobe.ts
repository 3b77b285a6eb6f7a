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
  /** Audio: ffmpeg's layout name, decoded sample format, and stored bits per sample when known. */
  channel_layout?: string;
  sample_fmt?: string;
  bits_per_raw_sample?: string;
  bits_per_sample?: number;
  codec_tag_string?: string;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
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
  /**
   * Presentation times (seconds) of the first `count` packets of stream `index`, in the order
   * they are stored: a bounded read of the packet index, no decoding.
   */
  packetTimes(file: string, index: number, count: number, signal?: AbortSignal): Promise<number[]>;
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
    async packetTimes(file, index, count, signal) {
      const { stdout } = await run(
        path,
        [
          ...["-v", "error", "-hide_banner", "-select_streams", String(index)],
          ...["-read_intervals", `%+#${count}`, "-show_entries", "packet=pts_time", "-of", "csv=p=0", "--"],
          file,
        ],
        { timeoutMs: PROBE_TIMEOUT_MS, signal },
      );
      return stdout
        .split("\n")
        .map((line) => Number.parseFloat(line))
        .filter(Number.isFinite);
    },
  };
}
