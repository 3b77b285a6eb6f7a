import type { ProbeStream } from "../../adapters/ffprobe.js";
import type { Desqueeze } from "../../domain/desqueeze.js";
import { displaySize, nearestDesqueeze } from "../../domain/picture.js";
import type { ProbeFields } from "../../state/repos/media.js";

export type PictureFields = Required<
  Pick<
    ProbeFields,
    | "display_width"
    | "display_height"
    | "pixel_aspect"
    | "rotation"
    | "field_order"
    | "hdr"
    | "desqueeze_suggested"
  >
>;

export interface PictureFacts {
  fields: PictureFields;
  /** Geometry the file declares that makes no sense; the item is shown as coded instead. */
  problems: string[];
}

// A pixel aspect outside this range is no camera's: believing it would ask for absurd pictures.
const MIN_ASPECT = 0.25;
const MAX_ASPECT = 4;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The pixel aspect as a reduced `num:den`. ffprobe leaves out an unknown one (square pixels), but
 * a container that declares a zero term (QuickTime `pasp` 0:1) is reported, as exiftool reads it.
 */
function pixelAspectOf(stream: ProbeStream, exif: Record<string, unknown>, problems: string[]): string {
  const declared = [stream.sample_aspect_ratio, exif["QuickTime:PixelAspectRatio"]].find(
    (value) => typeof value === "string" && /^\d+:\d+$/.test(value),
  ) as string | undefined;
  if (declared === undefined) return "1:1";
  const [num = 0, den = 0] = declared.split(":").map(Number);
  if (num === 0 || den === 0) {
    problems.push(`pixel aspect ${declared} is not a ratio: shown as square pixels`);
    return "1:1";
  }
  if (num / den < MIN_ASPECT || num / den > MAX_ASPECT) {
    problems.push(`pixel aspect ${declared} is out of range: shown as square pixels`);
    return "1:1";
  }
  const divisor = gcd(num, den);
  return `${num / divisor}:${den / divisor}`;
}

/** The 3×3 display matrix ffprobe prints as three `0000000N: a b c` rows, or null. */
function matrixOf(text: unknown): number[] | null {
  if (typeof text !== "string") return null;
  const values = [...text.matchAll(/^\s*\d+:\s*(-?\d+)\s+(-?\d+)\s+(-?\d+)\s*$/gm)].flatMap((row) =>
    row.slice(1, 4).map(Number),
  );
  return values.length === 9 ? values : null;
}

const clockwise = (degrees: number) => ((Math.round(degrees) % 360) + 360) % 360;

/**
 * The clockwise rotation a display matrix asks for. Only a pure rotation by a multiple of 90°
 * counts: a flip, a skew or 45° cannot be shown by turning the picture, so it is shown as coded
 * (rotation 0) and the reason kept. ffprobe's own `rotation` is counter-clockwise.
 */
function rotationOf(stream: ProbeStream, problems: string[]): number {
  const entry = stream.side_data_list?.find((side) => side.side_data_type === "Display Matrix");
  const legacy = Number(stream.tags?.rotate);
  if (!entry) return Number.isFinite(legacy) && legacy % 90 === 0 ? clockwise(legacy) : 0;
  const matrix = matrixOf(entry.displaymatrix);
  let degrees: number;
  if (matrix) {
    const [a = 0, b = 0, , c = 0, d = 0] = matrix;
    const scale = Math.hypot(a, b);
    const rigid = scale > 0 && Math.abs(a - d) <= scale / 100 && Math.abs(b + c) <= scale / 100;
    degrees = rigid ? (Math.atan2(b, a) * 180) / Math.PI : Number.NaN;
  } else {
    degrees = -Number(entry.rotation);
  }
  const turned = clockwise(degrees);
  if (!Number.isFinite(degrees) || Math.abs(turned - Math.round(turned / 90) * 90) > 1) {
    problems.push("the display matrix is not a rotation by a multiple of 90°: shown as coded");
    return 0;
  }
  return (Math.round(turned / 90) * 90) % 360;
}

/**
 * ffprobe's field order names which field is coded and which shown first (`tb`: top coded,
 * bottom shown first); what a deinterlacer needs is the one shown first.
 */
const FIELD_ORDERS: Record<string, string> = {
  progressive: "progressive",
  tt: "tff",
  bt: "tff",
  bb: "bff",
  tb: "bff",
};

const HDR_TRANSFERS: Record<string, string> = { smpte2084: "pq", "arib-std-b67": "hlg" };

/** Tag names, by their end (exiftool joins a QuickTime key's parts into one name), that hold a lens squeeze factor. */
const SQUEEZE_TAGS = /(lenssqueeze|lenssqueezefactor|anamorphicsqueeze|anamorphicdesqueeze|squeezefactor)$/;
/** Canon records its factor as a code (camdkit's Canon reader): 0 none, 1 1.33, 2 2.0, 3 1.8. */
const CANON_CODES: Record<string, number> = { "0": 1, "1": 1.33, "2": 2, "3": 1.8 };
/** RED and Sony (NonRealTimeMeta) name the lens squeeze a pixel aspect; QuickTime's `pasp` is the file's own. */
const SQUEEZE_ASPECT = /^(red|xml).*pixelaspectratio$/;

const normalise = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A factor written as `2`, `1.33x`, `2:1` or `4:3`; NaN when it is none of these. */
function factorOf(value: unknown): number {
  const text = String(value).trim().replace(/x$/i, "");
  const ratio = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(text);
  if (ratio) return Number(ratio[1]) / Number(ratio[2]);
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The squeeze the camera recorded, from the tags of ARRI (`Lens Squeeze`), RED and Sony
 * (`PixelAspectRatio` in their own metadata), Canon (`LensSqueezeFactor`, a code) and Blackmagic
 * (`Anamorphic`, e.g. `2x`, when `AnamorphicEnable` is not 0), matched to the listed values;
 * null for none, for 1 (a spherical lens) and for a factor off the list.
 */
export function desqueezeSuggested(exif: Record<string, unknown>): Desqueeze | null {
  const entries = Object.entries(exif).map(([key, value]) => [normalise(key), value] as const);
  const enabled = entries.find(([key]) => key.endsWith("anamorphicenable"));
  for (const [key, value] of entries) {
    let factor = Number.NaN;
    if (SQUEEZE_TAGS.test(key))
      factor = key.includes("canon") ? (CANON_CODES[String(value)] ?? Number.NaN) : factorOf(value);
    else if (SQUEEZE_ASPECT.test(key)) factor = factorOf(value);
    else if (key.endsWith("anamorphic") && (!enabled || Number(enabled[1]) !== 0)) factor = factorOf(value);
    const listed = nearestDesqueeze(factor);
    if (listed !== null && listed !== 1) return listed;
  }
  return null;
}

/**
 * The picture facts of a video stream: pixel aspect, rotation, the size a viewer sees with
 * `desqueeze` (the editor's choice, kept across re-probes) applied, field order and HDR transfer.
 */
export function pictureFacts(
  stream: ProbeStream,
  exif: Record<string, unknown>,
  desqueeze: number,
): PictureFacts {
  const problems: string[] = [];
  const pixelAspect = pixelAspectOf(stream, exif, problems);
  const rotation = rotationOf(stream, problems);
  const coded = stream.width && stream.height ? { width: stream.width, height: stream.height } : null;
  const display = coded ? displaySize({ ...coded, pixelAspect, rotation, desqueeze }) : null;
  return {
    fields: {
      display_width: display?.width ?? null,
      display_height: display?.height ?? null,
      pixel_aspect: pixelAspect,
      rotation,
      field_order: FIELD_ORDERS[stream.field_order ?? ""] ?? null,
      hdr: HDR_TRANSFERS[stream.color_transfer ?? ""] ?? null,
      desqueeze_suggested: desqueezeSuggested(exif),
    },
    problems,
  };
}
