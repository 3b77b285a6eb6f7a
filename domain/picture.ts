import { DESQUEEZE_VALUES, type Desqueeze } from "./desqueeze.js";

/** How the coded picture is shown: the pieces of geometry a viewer applies to it. */
export interface PictureGeometry {
  /** Coded size, as decoded. */
  width: number;
  height: number;
  /** Pixel aspect as `num:den` ("1:1" for square pixels). */
  pixelAspect: string;
  /** Clockwise degrees: 0, 90, 180 or 270. */
  rotation: number;
  /** The anamorphic factor an editor chose; 1 for none. */
  desqueeze: number;
}

/** The numeric value of a `num:den` pixel aspect, or 1 when it is not a positive ratio. */
export function aspectValue(ratio: string): number {
  const [num, den] = ratio.split(":").map(Number);
  return num !== undefined && den !== undefined && num > 0 && den > 0 ? num / den : 1;
}

/** Even, as encoders want sides, and never above `n`: rounding must not upscale a picture. */
const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The size a viewer sees: the coded width stretched by the pixel aspect and the desqueeze (both
 * widen the picture as the sensor recorded it, so they act on the coded horizontal), then turned
 * by the rotation; both sides even.
 */
export function displaySize(picture: PictureGeometry): { width: number; height: number } {
  const wide = picture.width * aspectValue(picture.pixelAspect) * picture.desqueeze;
  const upright = { width: evenDown(wide), height: evenDown(picture.height) };
  return picture.rotation === 90 || picture.rotation === 270
    ? { width: upright.height, height: upright.width }
    : upright;
}

/** The listed desqueeze within 0.02 of `factor`, or null (cameras round 4/3 as 1.33 or 1.333). */
export function nearestDesqueeze(factor: number): Desqueeze | null {
  if (!Number.isFinite(factor)) return null;
  let best: Desqueeze | null = null;
  for (const value of DESQUEEZE_VALUES) {
    const off = Math.abs(value - factor);
    if (off <= 0.02 && (best === null || off < Math.abs(best - factor))) best = value;
  }
  return best;
}
