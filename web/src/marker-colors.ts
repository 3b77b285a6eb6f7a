import type { MarkerColor, MarkerKind } from "./client.js";

/**
 * How each of Resolve's marker colours is drawn. A record keyed by the API's own colour type: the
 * type check fails if the server's list gains or loses a colour, and the bundle takes no zod.
 */
export const MARKER_CSS: Record<MarkerColor, string> = {
  blue: "#3d7eff",
  cyan: "#00c8e6",
  green: "#3cb44b",
  yellow: "#f0d000",
  red: "#e6193c",
  pink: "#ff69b4",
  purple: "#9b59d0",
  fuchsia: "#e040c8",
  rose: "#ff8fa3",
  lavender: "#b4a7e5",
  sky: "#87cefa",
  mint: "#7fe0b4",
  lemon: "#fff07a",
  sand: "#d9c08c",
  cocoa: "#8b5a2b",
  cream: "#f5ecd0",
};
export const MARKER_COLOR_NAMES = Object.keys(MARKER_CSS) as MarkerColor[];

const KIND_LABELS: Record<MarkerKind, string> = { marker: "Marker", todo: "To do", chapter: "Chapter" };
export const KINDS = Object.entries(KIND_LABELS) as [MarkerKind, string][];
