import type { ShuttleKey } from "./shuttle.js";

/** What a key on the clip view asks for. */
export type ReviewAction =
  | { do: "shuttle"; key: ShuttleKey }
  | { do: "step"; frames: number }
  | { do: "jump"; seconds: number }
  | { do: "toggle" }
  | { do: "mark"; which: "in_point" | "out_point" }
  | { do: "clear"; which: "in_point" | "out_point" }
  | { do: "marker" }
  | { do: "subclip" }
  | { do: "clip"; by: -1 | 1 }
  | { do: "rate"; rating: string }
  | { do: "review" }
  | { do: "help" };

/** The parts of a KeyboardEvent the mapping reads (so it is tested without a DOM). */
export interface KeyLike {
  key: string;
  code: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The keys as the help lists them, in the order it shows them. */
export const KEY_HELP: readonly (readonly [string, string])[] = [
  ["Space", "Play / pause"],
  ["L", "Play forward; again: 2×, 4×, 8×"],
  ["J", "Play backward; again: 2×, 4×, 8×"],
  ["K", "Stop"],
  ["K + L / K + J", "Hold K: one frame forward / back"],
  ["← / →", "One frame back / forward"],
  ["Shift + ← / →", "One second back / forward"],
  ["I / O", "Set in / out at the playhead"],
  ["Alt + I / Alt + O", "Clear in / out"],
  ["M", "Marker at the playhead (its note takes the focus)"],
  ["Shift + M", "Subclip of the in–out range"],
  ["↑ / ↓", "Previous / next clip of the list"],
  ["1 – 5", "Rating"],
  ["F", "Full-screen review (again or Escape: leave)"],
  ["?", "These keys"],
];

/**
 * The action of a key, or null for a key the page leaves to the browser: anything with Ctrl or the
 * command key (the browser's own shortcuts), Alt with anything but I and O. Alt+I is read by its
 * physical key: on a Mac the letter it types is "ˆ". `kHeld` is K being held down, which turns L
 * and J into single frames.
 */
export function keyAction(e: KeyLike, kHeld: boolean): ReviewAction | null {
  if (e.ctrlKey || e.metaKey) return null;
  if (e.altKey) {
    if (e.code === "KeyI") return { do: "clear", which: "in_point" };
    if (e.code === "KeyO") return { do: "clear", which: "out_point" };
    return null;
  }
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  switch (key) {
    case " ":
      return { do: "toggle" };
    case "j":
    case "l":
      return kHeld ? { do: "step", frames: key === "l" ? 1 : -1 } : { do: "shuttle", key };
    case "k":
      return { do: "shuttle", key };
    case "ArrowLeft":
    case "ArrowRight": {
      const sign = key === "ArrowRight" ? 1 : -1;
      return e.shiftKey ? { do: "jump", seconds: sign } : { do: "step", frames: sign };
    }
    case "ArrowUp":
      return { do: "clip", by: -1 };
    case "ArrowDown":
      return { do: "clip", by: 1 };
    case "i":
      return { do: "mark", which: "in_point" };
    case "o":
      return { do: "mark", which: "out_point" };
    case "m":
      return e.shiftKey ? { do: "subclip" } : { do: "marker" };
    case "f":
      return { do: "review" };
    case "?":
      return { do: "help" };
    case "1":
    case "2":
    case "3":
    case "4":
    case "5":
      return { do: "rate", rating: key };
    default:
      return null;
  }
}
