import type { RefObject } from "preact";
import { useEffect, useState } from "preact/hooks";

/**
 * Where a media element is, in seconds, and its length once known: followed every frame while it
 * plays (timeupdate alone moves a playhead in visible jumps) and on every seek while it does not.
 */
export function usePlayhead(media: RefObject<HTMLMediaElement | null>) {
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  useEffect(() => {
    const m = media.current;
    if (!m) return;
    let frame = 0;
    const read = () => {
      setTime(m.currentTime);
      if (Number.isFinite(m.duration)) setDuration(m.duration);
    };
    const follow = () => {
      read();
      frame = m.paused ? 0 : requestAnimationFrame(follow);
    };
    // One frame loop at a time: an event while it runs only reads.
    const moved = () => (frame === 0 ? follow() : read());
    const events = ["play", "timeupdate", "seeked", "seeking", "loadedmetadata", "durationchange"];
    for (const name of events) m.addEventListener(name, moved);
    read();
    return () => {
      cancelAnimationFrame(frame);
      for (const name of events) m.removeEventListener(name, moved);
    };
  }, [media]);
  return { time, duration };
}
