/**
 * What ffmpeg opens to decode an item. Most items are one file read as it is; an image sequence
 * is a numbered pattern with its rate and first frame given before `-i`; a RAW original ffmpeg
 * cannot read is decoded through the camera-made proxy beside it. `display` turns the decoded
 * picture into what a viewer sees (deinterlaced, tone-mapped, pixel aspect and desqueeze applied,
 * upright), for the pictures svc shows; editor proxies leave it out and keep the source's geometry.
 */
export interface DecodeInput {
  /** The file, a sequence's printf pattern (`plate.%04d.dpx`), or a camera-made proxy. */
  readonly path: string;
  /** Input options placed before `-i`, e.g. an image sequence's `-framerate` and `-start_number`. */
  readonly inputOptions: readonly string[];
  /** Video filters, joined with `,`, that make the displayed picture; "" when there is nothing to do. */
  readonly display: string;
}

/** A plain file path or a prepared input: callers that only have a path pass it as it is. */
export type Source = string | DecodeInput;

export const asInput = (source: Source): DecodeInput =>
  typeof source === "string" ? { path: source, inputOptions: [], display: "" } : source;

/** The input part of a command line: the input options, then `-i` and the path. */
export const inputArgs = (source: Source): string[] => {
  const input = asInput(source);
  return [...input.inputOptions, "-i", input.path];
};

/** The path ffmpeg opens, for messages. */
export const sourcePath = (source: Source): string => asInput(source).path;

/** `display` followed by `filters` as one filter chain, leaving out empty parts. */
export const afterDisplay = (source: Source, ...filters: string[]): string =>
  [asInput(source).display, ...filters].filter((f) => f !== "").join(",");
