import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

/** What the clip page's keys do. */
export interface ClipKeys {
  mark: (which: "in_point" | "out_point") => void;
  addMarker: () => void;
  addSubclip: () => void;
}

/**
 * I and O mark in and out at the playhead, M adds a marker there and Shift+M a subclip of the
 * in–out range, Space plays and pauses: anywhere but in a field, and M only without Ctrl, Alt or
 * the command key (the browser's own shortcuts).
 */
export function useClipKeys(video: RefObject<HTMLVideoElement | null>, keys: ClipKeys) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest("input, textarea, select")) return;
      if (e.key === "i" || e.key === "I") keys.mark("in_point");
      else if (e.key === "o" || e.key === "O") keys.mark("out_point");
      else if ((e.key === "m" || e.key === "M") && !e.ctrlKey && !e.altKey && !e.metaKey) {
        e.preventDefault();
        // A held key would add a marker per repeat.
        if (e.repeat) return;
        e.shiftKey ? keys.addSubclip() : keys.addMarker();
      } else if (e.key === " " && target.tagName !== "BUTTON" && target.tagName !== "VIDEO") {
        e.preventDefault();
        const v = video.current;
        if (v) v.paused ? void v.play() : v.pause();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });
}
