import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { listMedia, type MediaItem, type MediaQuery } from "../client.js";

const PAGE = 100;

/**
 * The pages of one list query, fetched as the grid scrolls to them. The loader reads the query
 * back from its text, so an equal query (a new object with the same values) keeps its pages.
 */
export function usePages(project: string, query: MediaQuery) {
  const key = JSON.stringify([project, query]);
  const pages = useRef(new Map<number, MediaItem[]>());
  const pending = useRef(new Set<number>());
  const [total, setTotal] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setVersion] = useState(0);

  const load = useCallback(
    (page: number) => {
      if (pages.current.has(page) || pending.current.has(page)) return;
      // This query's maps: an answer that arrives once the query has changed must not fill the new grid.
      const loaded = pages.current;
      const inFlight = pending.current;
      inFlight.add(page);
      const [inProject, asked] = JSON.parse(key) as [string, MediaQuery];
      listMedia(inProject, { ...asked, limit: PAGE, offset: page * PAGE })
        .then((body) => {
          if (pages.current !== loaded) return;
          if (page === 0) {
            // How long the answer takes to reach the screen (bench/web.mjs reads these marks): a
            // timeout queued from the frame callback runs once that frame has been painted.
            performance.mark("svc-search-answer");
            requestAnimationFrame(() => setTimeout(() => performance.mark("svc-search-painted"), 0));
          }
          pages.current.set(page, body.items);
          setTotal(body.total);
          setNote(body.search_note ?? null);
          setError(null);
          setVersion((v) => v + 1);
        })
        .catch((e: unknown) => {
          if (pages.current === loaded) setError(e instanceof ApiError ? e.message : String(e));
        })
        .finally(() => inFlight.delete(page));
    },
    [key],
  );

  useEffect(() => {
    pages.current = new Map();
    pending.current = new Set();
    setTotal(null);
    load(0);
  }, [load]);

  /** Fetches the pages that hold items `first` to `last - 1`. */
  const want = useCallback(
    (first: number, last: number) => {
      for (let i = first; i < last; i += PAGE) load(Math.floor(i / PAGE));
      if (last > 0) load(Math.floor((last - 1) / PAGE));
    },
    [load],
  );

  const item = (index: number): MediaItem | undefined =>
    pages.current.get(Math.floor(index / PAGE))?.[index % PAGE];
  return { total, note, error, item, want };
}
