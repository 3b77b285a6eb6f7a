/** One select of a selects log: an item's in/out window, or one of its subclips. */
export interface SelectRow {
  itemId: number;
  file: string;
  /** The subclip's name; empty for the item's own select. */
  subclip: string;
  inS: number;
  outS: number;
  /** Source timecode labels of the in and out (the file's own timecode at its own rate). */
  inTc: string;
  outTc: string;
  scene: string;
  take: string;
  circled: boolean;
  camera: string;
  rating: string;
  /** The item's rating note for its select; the subclip's note for a subclip. */
  note: string;
  /** The editor's markers inside the select: `name: note`, in time order. */
  markers: string[];
}

export type SelectsFlavour = "csv" | "tsv";

/** The columns of a selects log, in order. */
export const SELECTS_COLUMNS = [
  "item_id",
  "file",
  "subclip",
  "in_s",
  "out_s",
  "duration_s",
  "in_tc",
  "out_tc",
  "scene",
  "take",
  "circled",
  "camera",
  "rating",
  "note",
  "marker_count",
  "markers",
] as const;

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return first) gets a `'` in front, which spreadsheets show as text; control characters other
 * than line breaks go.
 */
export function guardCell(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  return /^[=+\-@\t\r]/.test(clean) ? `'${clean}` : clean;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Tab-separated values cannot quote: tabs and line breaks inside a field become spaces. */
const tsvField = (text: string): string => text.replace(/[\t\r\n]+/g, " ");

const seconds = (value: number): string => String(Math.round(value * 1000) / 1000);

/**
 * The selects as CSV (RFC 4180, CRLF line ends) or TSV (LF line ends), with a header row: numbers
 * as numbers, text guarded against formula injection.
 */
export function writeSelectsLog(rows: readonly SelectRow[], flavour: SelectsFlavour): string {
  const field = flavour === "csv" ? csvField : tsvField;
  const separator = flavour === "csv" ? "," : "\t";
  const end = flavour === "csv" ? "\r\n" : "\n";
  const text = (value: string) => field(guardCell(value));
  const lines = [SELECTS_COLUMNS.join(separator)];
  for (const row of rows) {
    lines.push(
      [
        String(row.itemId),
        text(row.file),
        text(row.subclip),
        seconds(row.inS),
        seconds(row.outS),
        seconds(row.outS - row.inS),
        row.inTc,
        row.outTc,
        text(row.scene),
        text(row.take),
        row.circled ? "1" : "0",
        text(row.camera),
        text(row.rating),
        text(row.note),
        String(row.markers.length),
        text(row.markers.join("; ")),
      ].join(separator),
    );
  }
  return `${lines.join(end)}${end}`;
}
