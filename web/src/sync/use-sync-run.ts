import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { type SyncStatus, startSync, syncStatus } from "../client.js";

const POLL_MS = 1000;

/**
 * The sync job: its status, read once and then every second while it runs, and a way to start
 * one. `finished` is called when a run this page watched ends, so the pairs can be read again.
 */
export function useSyncRun(project: string, finished: () => void) {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [watching, setWatching] = useState(false);

  useEffect(() => {
    let stop = false;
    syncStatus().then(
      (s) => {
        if (stop) return;
        setStatus(s);
        setWatching(s.state === "running");
      },
      (e: unknown) => {
        if (!stop) setError(e instanceof ApiError ? e.message : String(e));
      },
    );
    return () => {
      stop = true;
    };
  }, [project]);

  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => {
      syncStatus().then(
        (s) => {
          setStatus(s);
          if (s.state === "running") return;
          setWatching(false);
          finished();
        },
        (e: unknown) => setError(e instanceof ApiError ? e.message : String(e)),
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [watching, project]);

  const start = async () => {
    setError(null);
    try {
      setStatus(await startSync(project));
      setWatching(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  return { status, error, running: watching, start };
}
