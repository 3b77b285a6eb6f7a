import { useEffect } from "preact/hooks";
import type { SyncState } from "../client.js";

/** The pair view's keys: `,` and `.` nudge a frame, A accepts, R rejects; not while typing, nor with Ctrl, Alt or the command key. */
export function usePairKeys(nudge: (frames: number) => void, decide: (state: SyncState) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).closest("input, textarea, select")) return;
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      const key = e.key.toLowerCase();
      if (key === ",") nudge(-1);
      else if (key === ".") nudge(1);
      else if (key === "a" && !e.repeat) decide("accepted");
      else if (key === "r" && !e.repeat) decide("rejected");
      else return;
      e.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });
}
