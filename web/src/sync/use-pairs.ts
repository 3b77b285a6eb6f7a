import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { type SyncPair, type SyncState, syncPairs } from "../client.js";

const PAGE = 50;

/**
 * The sync pairs of one state (or all), a page at a time: `more` fetches the next page after the
 * last; `reload` starts again (after a run, or when the filter changes).
 */
export function usePairs(project: string, state: SyncState | "") {
  const [pairs, setPairs] = useState<SyncPair[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  // The list being shown: an answer for a filter left since (or a page of it) is dropped.
  const shown = useRef(0);

  const load = (cursor: string | undefined, keep: SyncPair[]) => {
    setLoading(true);
    const asked = shown.current;
    return syncPairs(project, { state: state || undefined, cursor, limit: PAGE }).then(
      (page) => {
        if (asked !== shown.current) return;
        setPairs([...keep, ...page.items]);
        setNext(page.next_cursor);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (asked !== shown.current) return;
        setError(e instanceof ApiError ? e.message : String(e));
        setLoading(false);
      },
    );
  };

  useEffect(() => {
    shown.current += 1;
    setPairs([]);
    setNext(null);
    void load(undefined, []);
  }, [project, state, round]);

  return {
    pairs,
    error,
    loading,
    more: next ? () => void load(next, pairs) : null,
    reload: () => setRound((r) => r + 1),
  };
}
