import { ProcessError, run } from "./process.js";

export interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  /** The container's four-character code of the codec, also when ffmpeg knows no codec by it. */
  codec_tag_string?: string;
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
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
  /** Picture geometry and colour, as ffprobe prints them (`4:3`, `tt`, `smpte2084`). */
  sample_aspect_ratio?: string;
  field_order?: string;
  color_transfer?: string;
  /** Stream side data; a display matrix's entry carries `displaymatrix` and `rotation`. */
  side_data_list?: Record<string, unknown>[];
}

/** One packet's stream and presentation time (seconds; absent when the container gives none). */
export interface ProbePacket {
  stream_index: number;
  pts_time?: string;
}

export interface ProbeReport {
  streams: ProbeStream[];
  /** The first PROBE_PACKETS packets of all streams, in the order they are stored. */
  packets: ProbePacket[];
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
/**
 * Packets listed with the streams, to judge a picture's frame timing from its timestamps: a
 * bounded read of the packet index in the same run, no decoding; a few milliseconds per file
 * (docs/benchmarks.md).
 */
export const PROBE_PACKETS = 480;

export function createFfprobe(path: string): Ffprobe {
  return {
    path,
    async probe(file, signal) {
      const { stdout } = await run(
        path,
        [
          ...["-v", "error", "-hide_banner", "-print_format", "json", "-show_format", "-show_streams"],
          ...["-read_intervals", `%+#${PROBE_PACKETS}`, "-show_entries", "packet=stream_index,pts_time"],
          ...["--", file],
        ],
        { timeoutMs: PROBE_TIMEOUT_MS, signal },
      );
      let parsed: Partial<ProbeReport>;
      try {
        parsed = JSON.parse(stdout) as Partial<ProbeReport>;
      } catch {
        throw new ProcessError("ffprobe returned output that is not JSON", "ffprobe", "failed");
      }
      return { streams: parsed.streams ?? [], packets: parsed.packets ?? [], format: parsed.format ?? {} };
    },
  };
}
