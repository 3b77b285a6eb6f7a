import { useEffect, useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { editSyncPair, type SyncPair, type SyncState, syncPairs } from "../client.js";

/**
 * The pair of one camera clip and one sound file (read from the pairs of the camera clip), and
 * what the review does to it: nudge by frames, accept, reject; each answered with the pair as it
 * now is, and said in `message`.
 */
export function usePair(project: string, camera: number, sound: number) {
  const [pair, setPair] = useState<SyncPair | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    setPair(null);
    setError(null);
    let stop = false;
    syncPairs(project, { media_id: camera, limit: 100 }).then(
      (page) => {
        if (stop) return;
        const found = page.items.find((p) => p.camera_media_id === camera && p.sound_media_id === sound);
        if (found) setPair(found);
        else setError(`item ${camera} has no sync pair with item ${sound}`);
      },
      (e: unknown) => {
        if (!stop) setError(e instanceof ApiError ? e.message : String(e));
      },
    );
    return () => {
      stop = true;
    };
  }, [project, camera, sound]);

  const change = async (body: { state?: SyncState; nudge_frames?: number }, done: string) => {
    if (!pair) return;
    try {
      setPair(await editSyncPair(project, pair.id, body));
      setMessage(done);
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : String(e));
    }
  };

  return {
    pair,
    error,
    message,
    nudge: (frames: number) =>
      void change({ nudge_frames: frames }, `Nudged ${frames > 0 ? "+" : "−"}${Math.abs(frames)} frame`),
    decide: (state: SyncState) =>
      void change({ state }, state === "accepted" ? "Pair accepted" : "Pair rejected"),
  };
}
