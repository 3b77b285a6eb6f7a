import type { ClipPicture } from "./timeline.js";

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The pixel aspect an NLE should show a clip with: the file's own times the editor's desqueeze
 * (NLEs have one pixel aspect per clip, where svc keeps the two apart), as whole numbers reduced.
 * 1:1 for a clip with no picture facts.
 */
export function shownPixelAspect(picture: ClipPicture | undefined): { h: number; v: number } {
  const [num = 1, den = 1] = (picture?.pixelAspect ?? "1:1").split(":").map(Number);
  const squeeze = Math.round((picture?.desqueeze ?? 1) * 100);
  const h = num * squeeze;
  const v = den * 100;
  const divisor = gcd(h, v) || 1;
  return { h: h / divisor, v: v / divisor };
}

export const isSquare = (aspect: { h: number; v: number }): boolean => aspect.h === aspect.v;

/** FCP7 XML's named pixel aspects, by the shown aspect and, for HD, the coded width. */
const XMEML_ASPECTS: readonly { aspect: string; width?: number; name: string; anamorphic: boolean }[] = [
  { aspect: "10:11", name: "NTSC-601", anamorphic: false },
  { aspect: "40:33", name: "NTSC-601", anamorphic: true },
  { aspect: "12:11", name: "PAL-601", anamorphic: false },
  { aspect: "16:11", name: "PAL-601", anamorphic: true },
  { aspect: "4:3", width: 1440, name: "HD-(1440x1080)", anamorphic: false },
  { aspect: "4:3", width: 960, name: "HD-(960x720)", anamorphic: false },
  { aspect: "3:2", width: 1280, name: "HD-(1280x1080)", anamorphic: false },
];

/**
 * A clip's `<pixelaspectratio>` and `<anamorphic>` in FCP7 XML, which names only the broadcast
 * pixel aspects (`anamorphic` is SD 16:9); null for square pixels and for an aspect it has no
 * name for, such as a cine lens's desqueeze, which only FCPXML and OTIO can carry.
 */
export function xmemlPixelAspect(
  picture: ClipPicture | undefined,
  width: number | null,
): { name: string; anamorphic: boolean } | null {
  const { h, v } = shownPixelAspect(picture);
  const found = XMEML_ASPECTS.find(
    (entry) => entry.aspect === `${h}:${v}` && (entry.width === undefined || entry.width === width),
  );
  return found ? { name: found.name, anamorphic: found.anamorphic } : null;
}
