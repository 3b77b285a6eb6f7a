import type { MediaQuery } from "../client.js";

/** What the library grid is narrowed to: every field is a `GET /api/media` parameter. */
export interface Filters {
  q: string;
  type: string;
  rating: string;
  tag: string;
  camera: string;
  shot_date: string;
  sort: string;
  /** A smart collection's key. */
  collection: string;
  /** A bin's id: its items of the current project. */
  bin: string;
}

export const NO_FILTERS: Filters = {
  q: "",
  type: "",
  rating: "",
  tag: "",
  camera: "",
  shot_date: "",
  sort: "",
  collection: "",
  bin: "",
};

/** The list query of the filters, each value trimmed; an empty one is no filter. */
export function listQuery(filters: Filters): MediaQuery {
  const query: MediaQuery = {};
  for (const [key, value] of Object.entries(filters) as [keyof Filters, string][])
    if (value.trim() !== "") query[key] = value.trim();
  return query;
}
