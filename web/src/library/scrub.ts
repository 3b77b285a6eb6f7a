// The answer's own type and the domain's pure maths, so the server's tests can import this without the DOM.
import type { Sprite } from "../../../domain/schemas/media.js";
import { spriteCell, spriteFrameAt } from "../../../domain/sprite.js";

/** What a card shows with the pointer `fraction` of the way across it. */
export interface ScrubView {
  /** The sprite frame under the pointer. */
  index: number;
  /** The clip's time under the pointer, in seconds. */
  timeS: number;
  /** CSS background-size and background-position of the sprite, in percent of the picture. */
  size: string;
  position: string;
}

/**
 * The frame and time under the pointer. The sprite is sized in percent of the picture it fills
 * (each frame exactly the picture), so a card of any size shows one whole frame.
 */
export function scrubView(sprite: Sprite, durationS: number | null, fraction: number): ScrubView {
  const index = spriteFrameAt(sprite.frames, fraction);
  const { column, row } = spriteCell(sprite.columns, index);
  const at = (cell: number, count: number) => (count > 1 ? (cell / (count - 1)) * 100 : 0);
  const length = durationS ?? sprite.frames * sprite.interval_s;
  return {
    index,
    timeS: Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0)) * length,
    size: `${sprite.columns * 100}% ${sprite.rows * 100}%`,
    position: `${at(column, sprite.columns)}% ${at(row, sprite.rows)}%`,
  };
}
