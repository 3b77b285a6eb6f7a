/*
 * DaVinci Resolve's sixteen marker colours (svc's own) as each other format names them. Formats
 * with fewer colours take the nearest: Avid's eight locator colours for EDL `* LOC:` lines (which
 * OpenTimelineIO's CMX reader also takes), OpenTimelineIO's eleven marker colours.
 */
const COLORS = {
  blue: { avid: "BLUE", otio: "BLUE" },
  cyan: { avid: "CYAN", otio: "CYAN" },
  green: { avid: "GREEN", otio: "GREEN" },
  yellow: { avid: "YELLOW", otio: "YELLOW" },
  red: { avid: "RED", otio: "RED" },
  pink: { avid: "MAGENTA", otio: "PINK" },
  purple: { avid: "MAGENTA", otio: "PURPLE" },
  fuchsia: { avid: "MAGENTA", otio: "MAGENTA" },
  rose: { avid: "RED", otio: "PINK" },
  lavender: { avid: "BLUE", otio: "PURPLE" },
  sky: { avid: "CYAN", otio: "CYAN" },
  mint: { avid: "GREEN", otio: "GREEN" },
  lemon: { avid: "YELLOW", otio: "YELLOW" },
  sand: { avid: "YELLOW", otio: "ORANGE" },
  cocoa: { avid: "BLACK", otio: "ORANGE" },
  cream: { avid: "WHITE", otio: "WHITE" },
} as const;

type Color = keyof typeof COLORS;

/** A colour svc knows, else blue (the default of a marker that has none, such as a scene start). */
const known = (color: string | undefined): Color =>
  color !== undefined && Object.hasOwn(COLORS, color) ? (color as Color) : "blue";

/** The colour's name in Resolve's marker EDLs: `ResolveColorBlue`… */
export const resolveColor = (color: string | undefined): string => {
  const name = known(color);
  return `ResolveColor${name[0]?.toUpperCase()}${name.slice(1)}`;
};

/** The nearest of Avid's eight locator colours, as an EDL `* LOC:` line writes it. */
export const avidColor = (color: string | undefined): string => COLORS[known(color)].avid;

/** The nearest of OpenTimelineIO's marker colours. */
export const otioColor = (color: string | undefined): string => COLORS[known(color)].otio;

/** The colour itself, blue when none or unknown. */
export const markerColor = (color: string | undefined): string => known(color);
