/**
 * How the app words a camera original's facts (geometry, rate, field order, sound, slate, image
 * sequence, desqueeze), shared by the grid's badges and the clip page. Pure: fields in, text out.
 */

import type { MediaItem } from "../../domain/schemas/media.js";

type Item = Pick<
  MediaItem,
  "width" | "height" | "display_width" | "display_height" | "pixel_aspect" | "rotation" | "desqueeze"
>;

/** A ratio such as the pixel aspect: `1:1` and `1/1` are square. */
const isSquare = (ratio: string) => {
  const [a, b] = ratio.split(/[:/]/).map(Number);
  return a !== undefined && a === b;
};

const size = (w: number | null, h: number | null) => (w && h ? `${w}×${h}` : null);

/**
 * The coded size and, when a viewer sees something else, what it displays and why:
 * "1440×1080 (displays 1920×1080, 4:3 pixels)". Null when the size is unknown.
 */
export function geometryText(item: Item): string | null {
  const coded = size(item.width, item.height);
  if (!coded) return null;
  const shown = size(item.display_width, item.display_height);
  const why = [
    item.pixel_aspect && !isSquare(item.pixel_aspect) ? `${item.pixel_aspect} pixels` : null,
    item.rotation ? `rotated ${item.rotation}°` : null,
    item.desqueeze !== 1 ? `desqueezed ${item.desqueeze}×` : null,
  ].filter((part) => part !== null);
  const parts = [shown && shown !== coded ? `displays ${shown}` : null, ...why].filter((p) => p !== null);
  return parts.length ? `${coded} (${parts.join(", ")})` : coded;
}

/** An exact rate `n/d` as a viewer reads it (23.976, 29.97, 25), or null when it is not one. */
export function rateOf(rational: string | null): number | null {
  const match = /^(\d+)\/(\d+)$/.exec(rational ?? "");
  const n = Number(match?.[1]);
  const d = Number(match?.[2]);
  return match && d > 0 ? Number((n / d).toFixed(3)) : null;
}

/** The rate to show, from the exact rational where there is one, else the rounded rate. */
export const fpsText = (item: Pick<MediaItem, "fps" | "fps_rational">): string | null => {
  const fps = rateOf(item.fps_rational) ?? item.fps;
  return fps ? `${fps} fps` : null;
};

export const FIELD_ORDER_TEXT: Readonly<Record<NonNullable<MediaItem["field_order"]>, string>> = {
  progressive: "progressive",
  tff: "interlaced, top field first",
  bff: "interlaced, bottom field first",
};

/** One sound stream: "6 ch (5.1) · 24-bit · 48 kHz". */
export function audioStreamText(stream: MediaItem["audio_streams"][number]): string {
  const channels =
    stream.channels === null ? null : `${stream.channels} ch${stream.layout ? ` (${stream.layout})` : ""}`;
  return [
    channels ?? stream.layout,
    stream.bit_depth === null ? null : `${stream.bit_depth}-bit`,
    stream.sample_rate === null ? null : `${stream.sample_rate / 1000} kHz`,
  ]
    .filter((part) => part)
    .join(" · ");
}

type Slate = NonNullable<MediaItem["slate"]>;

/** The slate as a card shows it: "S12 T3" (what is known of it), null when it names neither. */
export function slateShort(slate: Slate | null): string | null {
  if (!slate) return null;
  const text = [slate.scene && `S${slate.scene}`, slate.take && `T${slate.take}`].filter((p) => p).join(" ");
  return text || null;
}

/** The whole slate: "Scene 12 · Take 3 · Tape A001 · “note”". */
export function slateText(slate: Slate): string {
  return [
    slate.scene && `Scene ${slate.scene}`,
    slate.take && `Take ${slate.take}`,
    slate.tape && `Tape ${slate.tape}`,
    slate.note && `“${slate.note}”`,
  ]
    .filter((p) => p)
    .join(" · ");
}

type Sequence = NonNullable<MediaItem["sequence"]>;

const MISSING_SHOWN = 10;

/** "frames 1001–1012 · 11 frames · 1 missing: 1005". */
export function sequenceText(sequence: Sequence): string {
  const frames = `${sequence.count.toLocaleString("en")} ${sequence.count === 1 ? "frame" : "frames"}`;
  const listed = sequence.missing.slice(0, MISSING_SHOWN).join(", ");
  const more = sequence.missing_count > Math.min(sequence.missing.length, MISSING_SHOWN) ? ", …" : "";
  const missing = sequence.missing_count
    ? `${sequence.missing_count.toLocaleString("en")} missing: ${listed}${more}`
    : null;
  return [`frames ${sequence.first}–${sequence.last}`, frames, missing].filter((p) => p).join(" · ");
}

/** A desqueeze factor as the control offers it. */
export const desqueezeText = (value: number) => (value === 1 ? "none (1×)" : `${value}×`);

/** The parts of a spanned recording its file names tell of that are not there: "parts 2, 4 missing". */
export function missingPartsText(missing: readonly number[]): string | null {
  if (missing.length === 0) return null;
  return `${missing.length === 1 ? "part" : "parts"} ${missing.join(", ")} missing`;
}
