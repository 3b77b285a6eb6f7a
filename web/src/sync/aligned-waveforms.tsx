import { seconds } from "../api.js";
import type { Waveform } from "../client.js";
import { WaveformCanvas } from "../waveform-canvas.js";

interface Lane {
  peaks: Waveform | null;
  /** Why there are no peaks, or null while they load. */
  missing: string | null;
  label: string;
}

interface AlignedWaveformsProps {
  camera: Lane;
  sound: Lane;
  /** The window both lanes show, in seconds of the camera clip. */
  from: number;
  to: number;
  /** Where the camera's first frame falls in the sound file, in seconds. */
  offsetS: number;
  time: number;
  scrub: (t: number) => void;
  frame: number;
}

function LaneView({ lane, from, to }: { lane: Lane; from: number; to: number }) {
  return (
    <div class="lane">
      <span class="lane-label">{lane.label}</span>
      {lane.peaks ? (
        <WaveformCanvas peaks={lane.peaks} from={from} to={to} label={`${lane.label} waveform`} />
      ) : (
        <span class="note">{lane.missing ? `No waveform: ${lane.missing}` : "Loading the waveform…"}</span>
      )}
    </div>
  );
}

/**
 * The camera's scratch track above the recorder's, over a window of the camera clip: the
 * recorder's lane shows the same window of its file moved by the offset, so when the pair is in
 * sync the two line up. A click or the arrow keys (Shift: a frame) move the playhead of both.
 */
export function AlignedWaveforms({
  camera,
  sound,
  from,
  to,
  offsetS,
  time,
  scrub,
  frame,
}: AlignedWaveformsProps) {
  const width = to - from;
  const at = `${width > 0 ? Math.min(100, Math.max(0, ((time - from) / width) * 100)) : 0}%`;
  return (
    <div
      class="aligned"
      role="slider"
      tabIndex={0}
      aria-label="Aligned waveforms"
      aria-valuemin={from}
      aria-valuemax={to}
      aria-valuenow={time}
      aria-valuetext={seconds(time)}
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        if (box.width > 0) scrub(from + ((e.clientX - box.left) / box.width) * width);
      }}
      onKeyDown={(e) => {
        const by = e.shiftKey ? frame : 1;
        if (e.key === "ArrowLeft") scrub(time - by);
        else if (e.key === "ArrowRight") scrub(time + by);
        else return;
        e.preventDefault();
      }}
    >
      <LaneView lane={camera} from={from} to={to} />
      <LaneView lane={sound} from={from + offsetS} to={to + offsetS} />
      <div class="playhead" style={{ left: at }} />
    </div>
  );
}
