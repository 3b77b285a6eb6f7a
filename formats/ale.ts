/** One row of an ALE's Data section: a select or a subclip of a file, in the file's own timecode. */
export interface AleRow {
  name: string;
  /** Avid's track letters: `V`, `A1A2`, `VA1A2`… */
  tracks: string;
  /** Timecode labels at the clip's own rate; End is exclusive (Avid's End is the frame after the last). */
  start: string;
  end: string;
  duration: string;
  tape: string;
  sourceFile: string;
  scene: string;
  take: string;
  camera: string;
  angle: string;
  comments: string;
  rating: string;
  tags: string[];
  markers: string[];
}

/** The Heading's facts other than the delimiter. */
export interface AleHeading {
  /** `1080`, `720`, `PAL`, `NTSC` or `CUSTOM`. */
  videoFormat: string;
  /** `48khz`, `44.1khz`… */
  audioFormat: string;
  /** The timeline rate's label: `23.976`, `25`, `29.97`… */
  fps: string;
}

/** The Column section, in order. */
export const ALE_COLUMNS = [
  "Name",
  "Tracks",
  "Start",
  "End",
  "Duration",
  "Tape",
  "Source File",
  "Scene",
  "Take",
  "Camera",
  "Angle",
  "Comments",
  "Rating",
  "Tags",
  "Markers",
] as const;

/** Avid's project format for a picture size, as Avid names it; anything else is CUSTOM. */
export function aleVideoFormat(width: number | null, height: number | null): string {
  if (height === 1080 && (width ?? 0) <= 1920) return "1080";
  if (height === 720) return "720";
  if (height === 576) return "PAL";
  if (height === 486 || height === 480) return "NTSC";
  return "CUSTOM";
}

/** `48khz` for 48000 samples a second, `44.1khz` for 44100. */
export const aleAudioFormat = (sampleRate: number): string => `${Math.round(sampleRate / 100) / 10}khz`;

/**
 * ALE has no quoting: a value with a tab or a line break would split a row, so every control
 * character (C0, DEL, C1) and the Unicode line and paragraph separators become spaces.
 */
export const aleValue = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ");

/**
 * An Avid Log Exchange file: Heading, Column and Data sections separated by blank lines, fields
 * separated by tabs, CRLF line ends (Avid reads either; CRLF is what Windows tools expect).
 */
export function writeAle(heading: AleHeading, rows: readonly AleRow[]): string {
  const line = (cells: readonly string[]) => cells.map(aleValue).join("\t");
  const lines = [
    "Heading",
    line(["FIELD_DELIM", "TABS"]),
    line(["VIDEO_FORMAT", heading.videoFormat]),
    line(["AUDIO_FORMAT", heading.audioFormat]),
    line(["FPS", heading.fps]),
    "",
    "Column",
    line(ALE_COLUMNS),
    "",
    "Data",
    ...rows.map((row) =>
      line([
        row.name,
        row.tracks,
        row.start,
        row.end,
        row.duration,
        row.tape,
        row.sourceFile,
        row.scene,
        row.take,
        row.camera,
        row.angle,
        row.comments,
        row.rating,
        row.tags.join(", "),
        row.markers.length === 0 ? "" : `${row.markers.length}: ${row.markers.join("; ")}`,
      ]),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
