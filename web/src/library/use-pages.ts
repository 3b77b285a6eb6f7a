import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { listMedia, type MediaQuery } from "../client.js";
import { type Card, cardsOf } from "./cards.js";

const PAGE = 100;

/** What the pages fetched so far hold: items, and the cards they are shown as. */
export interface Loaded {
  items: number;
  cards: number;
}

/**
 * The pages of one list query, fetched as the grid scrolls to them, each shown as cards (a
 * recording's parts on one page share a card: cards.ts). A page not yet fetched counts as a full
 * page of cards, so the grid's cells map to pages before their answers arrive. The loader reads
 * the query back from its text, so an equal query (a new object with the same values) keeps its pages.
 */
export function usePages(project: string, query: MediaQuery) {
  const key = JSON.stringify([project, query]);
  const pages = useRef(new Map<number, { items: number; cards: Card[] }>());
  const pending = useRef(new Set<number>());
  const [total, setTotal] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(
    (page: number, again = false) => {
      if ((!again && pages.current.has(page)) || pending.current.has(page)) return;
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
          pages.current.set(page, { items: body.items.length, cards: cardsOf(body.items) });
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

  // Where each page's cards start among the grid's cells, and how many cells there are; the pages
  // live in a ref, and `version` says when they changed.
  const layout = useMemo(() => {
    const starts: number[] = [];
    let cells = 0;
    const loaded: Loaded = { items: 0, cards: 0 };
    for (let page = 0; page * PAGE < (total ?? 0); page += 1) {
      starts.push(cells);
      const got = pages.current.get(page);
      if (got) {
        loaded.items += got.items;
        loaded.cards += got.cards.length;
      }
      cells += got?.cards.length ?? Math.min(PAGE, (total ?? 0) - page * PAGE);
    }
    return { starts, cells, loaded };
  }, [total, version]);

  /** The page holding cell `index`: the last page starting at or before it. */
  const pageOf = useCallback(
    (index: number) => {
      const { starts } = layout;
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if ((starts[mid] ?? 0) <= index) low = mid;
        else high = mid - 1;
      }
      return low;
    },
    [layout],
  );

  /** Fetches the pages that hold cells `first` to `last - 1`. */
  const want = useCallback(
    (first: number, last: number) => {
      if (last <= first) return;
      for (let page = pageOf(first); page <= pageOf(last - 1); page += 1) load(page);
    },
    [load, pageOf],
  );

  /** Fetches the pages already shown again, in place: the grid keeps its place while cards change. */
  const refresh = useCallback(() => {
    for (const page of pages.current.keys()) load(page, true);
  }, [load]);

  const card = (index: number): Card | undefined => {
    const page = pageOf(index);
    return pages.current.get(page)?.cards[index - (layout.starts[page] ?? 0)];
  };
  return { total, cells: layout.cells, loaded: layout.loaded, note, error, card, want, refresh };
}
