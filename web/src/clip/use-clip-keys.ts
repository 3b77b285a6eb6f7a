import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

/** I and O mark in and out at the playhead, Space plays and pauses, anywhere but in a field. */
export function useClipKeys(
  video: RefObject<HTMLVideoElement | null>,
  mark: (which: "in_point" | "out_point") => void,
) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest("input, textarea, select")) return;
      if (e.key === "i" || e.key === "I") mark("in_point");
      else if (e.key === "o" || e.key === "O") mark("out_point");
      else if (e.key === " " && target.tagName !== "BUTTON" && target.tagName !== "VIDEO") {
        e.preventDefault();
        const v = video.current;
        if (v) v.paused ? void v.play() : v.pause();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });
}
