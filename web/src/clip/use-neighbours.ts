import { useEffect, useState } from "preact/hooks";
import { listMedia, type MediaItem, type MediaPage, type MediaQuery } from "../client.js";

const PAGE = 200;
// How far down the list a clip is looked for when the page does not know where it stands.
const MAX_SCAN = 5000;

/** Where a clip stands in the list it was opened from, as the history entry keeps it. */
export interface ListPlace {
  listAt: number;
}

export interface Neighbours {
  /** Still looking for the clip in the list. */
  looking: boolean;
  /** The clip's index in the list, or null when it is not in it. */
  at: number | null;
  /** How many items the list has. */
  total: number;
  prev: MediaItem | null;
  next: MediaItem | null;
}

const NONE: Neighbours = { looking: false, at: null, total: 0, prev: null, next: null };
const LOOKING: Neighbours = { ...NONE, looking: true };

/** The clip's place in one page of the list, with the items either side. */
function placeIn(page: MediaPage, offset: number, id: number): Neighbours | null {
  const { items, total } = page;
  const i = items.findIndex((item) => item.id === id);
  if (i < 0) return null;
  return { looking: false, at: offset + i, total, prev: items[i - 1] ?? null, next: items[i + 1] ?? null };
}

/**
 * The clips before and after this one in the library's current list (its filters and search, as
 * the grid asks for them). Opened from the grid, the clip is looked for page by page (up to
 * MAX_SCAN items); stepped to with ↑/↓, the history entry says where it stands and one small
 * request reads its neighbours.
 */
export function useNeighbours(project: string, query: MediaQuery, id: number, hint: number | null) {
  const [found, setFound] = useState<Neighbours>(NONE);
  const key = JSON.stringify(query);
  useEffect(() => {
    let stop = false;
    setFound(LOOKING);
    const look = async () => {
      if (hint !== null) {
        const offset = Math.max(0, hint - 1);
        const page = await listMedia(project, { ...query, offset, limit: 3 });
        const near = placeIn(page, offset, id);
        // Edge of a page: the first item has no previous one on it, but may have one before.
        if (near && (near.at === 0 || near.prev)) return near;
      }
      for (let offset = 0; offset < MAX_SCAN; offset += PAGE - 2) {
        // Pages overlap by two items, so a clip found with an item after it has its item before too.
        const page = await listMedia(project, { ...query, offset, limit: PAGE });
        const placed = placeIn(page, offset, id);
        if (placed && (placed.next || page.items.length < PAGE)) return placed;
        if (page.items.length < PAGE || stop) return NONE;
      }
      return NONE;
    };
    look().then(
      (n) => {
        if (!stop) setFound(n);
      },
      () => {
        if (!stop) setFound(NONE);
      },
    );
    return () => {
      stop = true;
    };
    // The query's text stands for it: a new object with the same filters is the same list.
  }, [project, key, id, hint]);
  return found;
}
