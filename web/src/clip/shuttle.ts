/**
 * The J/K/L shuttle as NLEs have it: L plays forward, each further L doubles the speed up to 8×;
 * J does the same backward; K stops. A press against the running direction starts that direction
 * again at 1× (as Avid and Resolve do), rather than slowing down.
 */

export const SHUTTLE_SPEEDS = [1, 2, 4, 8] as const;

/** Playing forward (1), backward (-1) or stopped (0), and how fast: 0 when stopped. */
export interface Shuttle {
  readonly direction: -1 | 0 | 1;
  readonly speed: number;
}

export const STOPPED: Shuttle = { direction: 0, speed: 0 };

export type ShuttleKey = "j" | "k" | "l";

export function shuttle(state: Shuttle, key: ShuttleKey): Shuttle {
  if (key === "k") return STOPPED;
  const direction = key === "l" ? 1 : -1;
  if (state.direction !== direction) return { direction, speed: 1 };
  const at = SHUTTLE_SPEEDS.indexOf(state.speed as (typeof SHUTTLE_SPEEDS)[number]);
  return { direction, speed: SHUTTLE_SPEEDS[Math.min(SHUTTLE_SPEEDS.length - 1, at + 1)] ?? 1 };
}

/** What the speed reads as beside the timecode: "", "▶ 2×", "◀ 4×". */
export const shuttleLabel = (state: Shuttle) =>
  state.direction === 0 ? "" : `${state.direction > 0 ? "▶" : "◀"} ${state.speed}×`;
