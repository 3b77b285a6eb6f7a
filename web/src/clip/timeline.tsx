import type { RefObject } from "preact";
import { useRef, useState } from "preact/hooks";
import type { Marker, MediaItem, Scene, Segment, Subclip, Waveform } from "../client.js";
import { MARKER_CSS } from "../marker-colors.js";
import { Thumb } from "../thumb.js";
import { type Rate, sourceTimecode } from "../timecode.js";
import { usePlayhead } from "../use-playhead.js";
import { WaveformCanvas } from "../waveform-canvas.js";

interface TimelineProps {
  item: MediaItem;
  rate: Rate;
  video: RefObject<HTMLVideoElement | null>;
  peaks: Waveform | null;
  /** Why there are no peaks (the waveform route's message), or null. */
  missing: string | null;
  markers: readonly Marker[];
  subclips: readonly Subclip[];
  scenes: readonly Scene[];
  segments: readonly Segment[];
  /** When the transcript's search hits were said. */
  hits: readonly number[];
  /** Sets in and out at once (a drag across the strip). */
  setRange: (from: number, to: number) => void;
}

// A pointer that moves less than this between press and release clicked; more, it dragged.
const DRAG_PX = 4;

/**
 * The item's time as one strip under the player, in lanes: the scenes' key frames with a line at
 * each cut, the waveform, the transcript's segments with the search's hits, and across them the
 * in–out range, subclips as bars, markers as ticks in their colours and the playhead. A click
 * seeks; a drag across it marks in and out at its two ends. The keys (←/→, Home/End, I/O) work on
 * it as everywhere on the page; the marks drawn on it are only pictures, the lists under it are
 * where they are read and edited.
 */
export function Timeline(props: TimelineProps) {
  const { item, rate, video, peaks, missing, markers, subclips, scenes, segments, hits, setRange } = props;
  const playhead = usePlayhead(video);
  const duration = item.duration_s ?? playhead.duration ?? 0;
  const at = (t: number) => `${duration > 0 ? Math.min(100, Math.max(0, (t / duration) * 100)) : 0}%`;
  const span = (from: number, to: number) => ({ left: at(from), width: `calc(${at(to)} - ${at(from)})` });
  const clamp = (t: number) => Math.min(duration, Math.max(0, t));
  // Scrubbing moves the playhead and leaves playing or pausing to the player.
  const scrub = (t: number) => {
    const v = video.current;
    if (v) v.currentTime = clamp(t);
  };
  const timeAt = (e: PointerEvent) => {
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    return box.width > 0 ? clamp(((e.clientX - box.left) / box.width) * duration) : 0;
  };
  const press = useRef<{ x: number; t: number; moved: boolean } | null>(null);
  const [dragged, setDragged] = useState<[number, number] | null>(null);
  const hasRange = item.in_point !== null || item.out_point !== null;
  const tc = (t: number) => sourceTimecode(t, item.start_timecode, rate);

  return (
    <div class="timeline">
      <div
        class="strip"
        role="slider"
        tabIndex={0}
        aria-label="Timeline: click to seek, drag to mark in and out"
        aria-valuemin={0}
        aria-valuemax={duration}
        aria-valuenow={playhead.time}
        aria-valuetext={tc(playhead.time)}
        aria-keyshortcuts="ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Home End I O"
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          press.current = { x: e.clientX, t: timeAt(e), moved: false };
        }}
        onPointerMove={(e) => {
          const p = press.current;
          if (!p) return;
          if (Math.abs(e.clientX - p.x) > DRAG_PX) p.moved = true;
          const t = timeAt(e);
          if (p.moved) setDragged([Math.min(p.t, t), Math.max(p.t, t)]);
        }}
        onPointerUp={(e) => {
          const p = press.current;
          press.current = null;
          setDragged(null);
          if (!p) return;
          const t = timeAt(e);
          if (p.moved) setRange(Math.min(p.t, t), Math.max(p.t, t));
          else scrub(t);
        }}
        onPointerCancel={() => {
          press.current = null;
          setDragged(null);
        }}
        onKeyDown={(e) => {
          const to = e.key === "Home" ? 0 : e.key === "End" ? duration : null;
          if (to === null) return;
          e.preventDefault();
          scrub(to);
        }}
      >
        <div class="tl-frames" aria-hidden="true">
          {scenes.map((s) => (
            <div key={s.id} class="tl-scene" style={span(s.start_s, s.end_s)}>
              <Thumb src={s.keyframe_url} alt="" />
            </div>
          ))}
        </div>
        {peaks && (
          <div class="tl-sound">
            <WaveformCanvas peaks={peaks} from={0} to={duration} label="Waveform" />
          </div>
        )}
        <div class="tl-words" aria-hidden="true">
          {segments.map((s) => (
            <div key={s.start} class="tl-segment" style={span(s.start, s.end)} />
          ))}
          {hits.map((t) => (
            <div key={t} class="tl-hit" style={{ left: at(t) }} />
          ))}
        </div>
        {scenes
          .filter((s) => s.start_s > 0)
          .map((s) => (
            <div key={s.id} class="scene-cut" style={{ left: at(s.start_s) }} />
          ))}
        {hasRange && <div class="inout" style={span(item.in_point ?? 0, item.out_point ?? duration)} />}
        {dragged && <div class="inout dragging" style={span(dragged[0], dragged[1])} />}
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
            data-id={m.id}
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
