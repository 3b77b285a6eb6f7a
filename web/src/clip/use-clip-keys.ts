import { useEffect, useRef } from "preact/hooks";
import { keyAction, type ReviewAction } from "./review-keys.js";

// Actions a held key must not repeat: one marker, one rating, one clip per press.
const ONCE: ReadonlySet<ReviewAction["do"]> = new Set([
  "shuttle",
  "mark",
  "clear",
  "marker",
  "subclip",
  "clip",
  "rate",
  "review",
  "help",
]);

/**
 * The clip view's keys (review-keys.ts says which do what), anywhere on the page but in a field,
 * a list box or the keys dialog while it is open. Space on a focused button presses the button, as it should.
 * K is followed while held, so K+L and K+J step single frames.
 */
export function useClipKeys(act: (action: ReviewAction) => void) {
  const kHeld = useRef(false);
  const latest = useRef(act);
  latest.current = act;
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest("input, textarea, select, dialog[open], [contenteditable]")) return;
      const action = keyAction(e, kHeld.current);
      if (e.key === "k" || e.key === "K") kHeld.current = true;
      if (!action) return;
      if (action.do === "toggle" && target.closest("button, a, [role=button]")) return;
      e.preventDefault();
      if (e.repeat && ONCE.has(action.do)) return;
      latest.current(action);
    };
    const up = (e: KeyboardEvent) => {
      if (e.key === "k" || e.key === "K") kHeld.current = false;
    };
    const lost = () => {
      kHeld.current = false;
    };
    addEventListener("keydown", down);
    addEventListener("keyup", up);
    addEventListener("blur", lost);
    return () => {
      removeEventListener("keydown", down);
      removeEventListener("keyup", up);
      removeEventListener("blur", lost);
    };
  }, []);
}
