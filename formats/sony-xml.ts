import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * The start timecode of a Sony clip's `NonRealTimeMeta` sidecar (`C0001M01.XML` beside
 * `C0001.MP4`, XDCAM and XAVC cameras). Its `<LtcChangeTable>` lists where the timecode changes;
 * the entry at `frameCount="0"` is the clip's first frame. Its `value` is the SMPTE 12M packed LTC
 * time as 8 hex digits, one byte per field in the order frames, seconds, minutes, hours, each byte
 * BCD (tens in the high nibble) with flag bits: in the frames byte bit 6 is drop frame and bit 7
 * colour frame, in seconds and minutes bit 7 is a flag, in hours bits 6–7 are flags. So
 * `value="48544103"` is 03:41:54;08 and `value="16162602"` is 02:26:16:16. Older cameras write
 * the label itself (`value="01:00:00:00"`) with `tcDropFrame="true"` on the table.
 */

const parser = () =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseAttributeValue: false,
    isArray: (name) => name === "LtcChange",
  });

type Node = Record<string, unknown>;

const pad = (n: number) => String(n).padStart(2, "0");

/** One BCD byte's value with the flag bits above `tensMask` cleared; null when a digit is past 9. */
function bcd(byte: number, tensMask: number): number | null {
  const units = byte & 0x0f;
  const tens = (byte >> 4) & tensMask;
  return units > 9 || tens > 9 ? null : tens * 10 + units;
}

/** The packed LTC value as a label, or null when it is not one. */
export function packedLtcTimecode(value: string): string | null {
  if (!/^[0-9a-fA-F]{8}$/.test(value)) return null;
  const [ff, ss, mm, hh] = [0, 2, 4, 6].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
    number,
  ];
  const frames = bcd(ff, 0x3);
  const seconds = bcd(ss, 0x7);
  const minutes = bcd(mm, 0x7);
  const hours = bcd(hh, 0x3);
  if (frames === null || seconds === null || minutes === null || hours === null) return null;
  const dropFrame = (ff & 0x40) !== 0;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${dropFrame ? ";" : ":"}${pad(frames)}`;
}

/**
 * The start timecode a sidecar gives (to be checked like any other candidate), or null when it
 * has no LtcChangeTable; throws when the text is not XML or the value is not a timecode.
 */
export function sonyStartTimecode(xml: string): string | null {
  if (XMLValidator.validate(xml) !== true) throw new SyntaxError("the Sony XML sidecar is not XML");
  const meta = (parser().parse(xml) as Node).NonRealTimeMeta as Node | undefined;
  const table = meta?.LtcChangeTable as Node | undefined;
  const changes = (table?.LtcChange ?? []) as Node[];
  const first = changes.find((c) => c["@frameCount"] === "0") ?? changes[0];
  const value = typeof first?.["@value"] === "string" ? first["@value"].trim() : null;
  if (value === null) return null;
  if (/^\d{2}:\d{2}:\d{2}[:;]\d{2}$/.test(value)) {
    const dropFrame = String(table?.["@tcDropFrame"]).toLowerCase() === "true";
    return dropFrame ? `${value.slice(0, 8)};${value.slice(9)}` : value;
  }
  const label = packedLtcTimecode(value);
  if (label === null)
    throw new RangeError(`the Sony XML sidecar's LtcChange value ${value.slice(0, 16)} is not a timecode`);
  return label;
}
