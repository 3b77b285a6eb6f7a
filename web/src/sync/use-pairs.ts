import { useEffect, useState } from "preact/hooks";
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

  const load = (cursor: string | undefined, keep: SyncPair[]) => {
    setLoading(true);
    return syncPairs(project, { state: state || undefined, cursor, limit: PAGE }).then(
      (page) => {
        setPairs([...keep, ...page.items]);
        setNext(page.next_cursor);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        setError(e instanceof ApiError ? e.message : String(e));
        setLoading(false);
      },
    );
  };

  useEffect(() => {
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
