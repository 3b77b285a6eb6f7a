import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

// How far the sound may drift from the picture before it is put back: under a frame at 24 fps,
// over what a seek of the audio element costs.
const DRIFT_S = 0.04;

/**
 * Keeps the sound file playing in step with the (muted) camera picture: at video time t the sound
 * plays from t + offset, on every play, pause, seek, rate change and time update. Where that falls
 * before the recording's start or after its end the sound waits, silent.
 */
export function useSyncedSound(
  video: RefObject<HTMLVideoElement | null>,
  audio: RefObject<HTMLAudioElement | null>,
  offsetS: number,
) {
  useEffect(() => {
    const v = video.current;
    const a = audio.current;
    if (!v || !a) return;
    const align = () => {
      const target = v.currentTime + offsetS;
      const outside = target < 0 || (Number.isFinite(a.duration) && target >= a.duration);
      a.playbackRate = v.playbackRate;
      if (outside) {
        if (!a.paused) a.pause();
        return;
      }
      if (Math.abs(a.currentTime - target) > DRIFT_S) a.currentTime = target;
      if (v.paused || v.seeking) {
        if (!a.paused) a.pause();
      } else if (a.paused) void a.play().catch(() => undefined);
    };
    const events = ["play", "playing", "pause", "seeking", "seeked", "ratechange", "timeupdate", "waiting"];
    for (const name of events) v.addEventListener(name, align);
    a.addEventListener("loadedmetadata", align);
    align();
    return () => {
      for (const name of events) v.removeEventListener(name, align);
      a.removeEventListener("loadedmetadata", align);
      a.pause();
    };
  }, [video, audio, offsetS]);
}
