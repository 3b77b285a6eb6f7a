import type { RefObject } from "preact";
import { seconds } from "../api.js";
import type { Marker, MediaItem, Subclip, Waveform } from "../client.js";
import { MARKER_CSS } from "../marker-colors.js";
import { usePlayhead } from "../use-playhead.js";
import { WaveformCanvas } from "../waveform-canvas.js";

interface TimelineProps {
  item: MediaItem;
  video: RefObject<HTMLVideoElement | null>;
  peaks: Waveform | null;
  /** Why there are no peaks (the waveform route's message), or null. */
  missing: string | null;
  markers: readonly Marker[];
  subclips: readonly Subclip[];
}

const STEP_S = 1;

/**
 * The item's time as one strip under the player: its waveform, the in–out range, subclips as
 * bars, markers as ticks in their colours and the playhead. A click or the arrow keys (Shift: a
 * frame) move the playhead; the marks drawn on it are only pictures, the lists under it are where
 * they are read and edited.
 */
export function Timeline({ item, video, peaks, missing, markers, subclips }: TimelineProps) {
  const playhead = usePlayhead(video);
  const duration = item.duration_s ?? playhead.duration ?? 0;
  const at = (t: number) => `${duration > 0 ? Math.min(100, Math.max(0, (t / duration) * 100)) : 0}%`;
  const span = (from: number, to: number) => ({ left: at(from), width: `calc(${at(to)} - ${at(from)})` });
  // Scrubbing moves the playhead and leaves playing or pausing to the player.
  const scrub = (t: number) => {
    const v = video.current;
    if (v) v.currentTime = Math.min(duration, Math.max(0, t));
  };
  const frame = item.fps ? 1 / item.fps : 0.04;
  const hasRange = item.in_point !== null || item.out_point !== null;

  return (
    <div class="timeline">
      <div
        class="strip"
        role="slider"
        tabIndex={0}
        aria-label="Timeline"
        aria-valuemin={0}
        aria-valuemax={duration}
        aria-valuenow={playhead.time}
        aria-valuetext={seconds(playhead.time)}
        aria-keyshortcuts="M Shift+M"
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          if (box.width > 0) scrub(((e.clientX - box.left) / box.width) * duration);
        }}
        onKeyDown={(e) => {
          const by = e.shiftKey ? frame : STEP_S;
          const to =
            e.key === "ArrowLeft"
              ? playhead.time - by
              : e.key === "ArrowRight"
                ? playhead.time + by
                : e.key === "Home"
                  ? 0
                  : e.key === "End"
                    ? duration
                    : null;
          if (to === null) return;
          e.preventDefault();
          scrub(to);
        }}
      >
        {peaks && <WaveformCanvas peaks={peaks} from={0} to={duration} label="Waveform" />}
        {hasRange && <div class="inout" style={span(item.in_point ?? 0, item.out_point ?? duration)} />}
        {subclips.map((s) => (
          <div
            key={s.id}
            class="subclip-bar"
            style={{ ...span(s.start_s, s.end_s), background: MARKER_CSS[s.color] }}
          />
        ))}
        {markers.map((m) => (
          <div
            key={m.id}
            class={`marker-tick kind-${m.kind}`}
            style={{
              ...(m.end_s === null ? { left: at(m.start_s) } : span(m.start_s, m.end_s)),
              background: MARKER_CSS[m.color],
            }}
          />
        ))}
        <div class="playhead" style={{ left: at(playhead.time) }} />
      </div>
      {!peaks && missing && <p class="note">No waveform: {missing}</p>}
    </div>
  );
}
