import { useEffect, useState } from "preact/hooks";
import { type SyncPair, syncPairs } from "../client.js";
import { navigate } from "../router.js";
import { offsetText, pairPath } from "../sync/offset.js";
import { useItems } from "../use-items.js";

/**
 * The sync pairs this item is the camera clip or the sound of, each with the other file, its
 * state and offset, and a link to review it; nothing when it has none.
 */
export function SoundSync({ project, id }: { project: string; id: number }) {
  const [pairs, setPairs] = useState<SyncPair[]>([]);
  useEffect(() => {
    setPairs([]);
    syncPairs(project, { media_id: id, limit: 100 }).then(
      (page) => setPairs(page.items),
      () => setPairs([]),
    );
  }, [project, id]);
  const other = (p: SyncPair) => (p.camera_media_id === id ? p.sound_media_id : p.camera_media_id);
  const items = useItems(project, pairs.map(other));
  if (pairs.length === 0) return null;
  return (
    <section class="sound-sync" aria-labelledby="sound-sync-title">
      <h2 id="sound-sync-title">Sound sync</h2>
      <ul class="jobs">
        {pairs.map((p) => (
          <li key={p.id}>
            <a
              href={pairPath(p)}
              onClick={(e) => {
                e.preventDefault();
                navigate(pairPath(p));
              }}
            >
              {items.get(other(p))?.name ?? `item ${other(p)}`}
            </a>{" "}
            · {p.state} · {offsetText(p)}
          </li>
        ))}
      </ul>
    </section>
  );
}
