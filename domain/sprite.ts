/**
 * The scrub sprite of a video: frames evenly spaced over the clip, tiled row by row into one
 * small JPEG, made in the analysis pass. Frame i shows the clip at i × interval_s from its first
 * frame. The grid (web/src/library) shows the frame under the pointer by moving the sprite.
 */

/** At most this many frames, whatever the clip's length: the sprite stays one small file. */
export const SPRITE_MAX_FRAMES = 60;
export const SPRITE_COLUMNS = 10;
/** Each frame fits in a box this many pixels square (160 × 90 for 16:9, 90 × 160 upright). */
export const SPRITE_BOX = 160;

export interface SpritePlan {
  frames: number;
  columns: number;
  rows: number;
  /** Seconds between frames; frame i is at i × interval_s. */
  interval_s: number;
}

/**
 * The sprite's frames for a clip of `durationS` whose frames are kept `stepS` apart (the analysis
 * pass's samples, which the sprite is tiled from): every one of a short clip, evenly spaced ones of
 * a long one. Null when its length is unknown.
 */
export function spritePlan(durationS: number | null, stepS: number): SpritePlan | null {
  if (durationS === null || !(durationS > 0) || !Number.isFinite(durationS) || !(stepS > 0)) return null;
  const frames = Math.max(1, Math.min(SPRITE_MAX_FRAMES, Math.floor(durationS / stepS)));
  const columns = Math.min(SPRITE_COLUMNS, frames);
  return { frames, columns, rows: Math.ceil(frames / columns), interval_s: durationS / frames };
}

/** The frame under a pointer `fraction` (0 at the left edge, 1 at the right) of the card. */
export function spriteFrameAt(frames: number, fraction: number): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return Math.min(frames - 1, Math.floor(clamped * frames));
}

/** Where frame `index` sits in the sprite, in frames from its top-left corner. */
export function spriteCell(columns: number, index: number): { column: number; row: number } {
  return { column: index % columns, row: Math.floor(index / columns) };
}
