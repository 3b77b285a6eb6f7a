import type { RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { frameAt, type Rate, timecodeBase, timeOfFrame } from "../timecode.js";
import { type Shuttle, type ShuttleKey, STOPPED, shuttle } from "./shuttle.js";

/**
 * Moving through the clip by the keys: the J/K/L shuttle, single frames at the clip's real rate
 * and whole seconds of timecode. Forward speeds are the video's playbackRate. A video element
 * cannot play backwards, so J pauses it and seeks back on every animation frame by the time passed
 * times the speed, waiting for each seek to finish before the next: the picture steps back
 * smoothly as far as the decoder keeps up, with no sound. `clip` is the item shown.
 */
export function useTransport(video: RefObject<HTMLVideoElement | null>, rate: Rate, clip: number) {
  const [state, setState] = useState<Shuttle>(STOPPED);
  // What the keys last asked for, read by the backward loop so a key stops it before its next seek.
  const asked = useRef<Shuttle>(STOPPED);
  const set = (next: Shuttle) => {
    asked.current = next;
    setState(next);
  };
  // Another clip (↑/↓) starts stopped: its video loads paused at 1×.
  useEffect(() => set(STOPPED), [clip]);

  useEffect(() => {
    const v = video.current;
    if (!v || state.direction === 0) return;
    if (state.direction > 0) {
      // The player's own pause button, or the end of the clip, stops the shuttle too.
      const stopped = () => set(STOPPED);
      v.addEventListener("pause", stopped);
      return () => v.removeEventListener("pause", stopped);
    }
    v.pause();
    const from = v.currentTime;
    const start = performance.now();
    let frame = 0;
    const back = (now: number) => {
      if (asked.current !== state) return;
      if (!v.seeking) {
        const t = Math.max(0, from - ((now - start) / 1000) * state.speed);
        v.currentTime = t;
        if (t === 0) {
          set(STOPPED);
          return;
        }
      }
      frame = requestAnimationFrame(back);
    };
    frame = requestAnimationFrame(back);
    return () => cancelAnimationFrame(frame);
  }, [state, video]);

  const halt = (v: HTMLVideoElement) => {
    set(STOPPED);
    v.pause();
    v.playbackRate = 1;
  };

  /** J, K or L. */
  const press = (key: ShuttleKey) => {
    const v = video.current;
    if (!v) return;
    const next = shuttle(asked.current, key);
    if (next.direction === 0) return halt(v);
    set(next);
    if (next.direction > 0) {
      v.playbackRate = next.speed;
      v.play().catch(() => set(STOPPED));
    }
  };

  /** Paused on the frame `by` frames away (its middle), within the clip. */
  const step = (by: number) => {
    const v = video.current;
    if (!v) return;
    halt(v);
    const last = Number.isFinite(v.duration) ? Math.max(0, frameAt(v.duration, rate) - 1) : Infinity;
    v.currentTime = timeOfFrame(Math.min(last, Math.max(0, frameAt(v.currentTime, rate) + by)), rate);
  };

  /** A second of timecode: as many frames as its seconds field counts (30 at 29.97). */
  const jump = (seconds: number) => step(seconds * timecodeBase(rate));

  /** Space: plays at normal speed from a pause or a shuttle backward, else pauses. */
  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused && asked.current.direction <= 0) {
      set({ direction: 1, speed: 1 });
      v.playbackRate = 1;
      v.play().catch(() => set(STOPPED));
    } else halt(v);
  };

  return { state, press, step, jump, toggle };
}
