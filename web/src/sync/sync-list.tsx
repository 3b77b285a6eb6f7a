import { useState } from "preact/hooks";
import type { SyncState, SyncStatus } from "../client.js";
import { navigate } from "../router.js";
import { Thumb } from "../thumb.js";
import { useItems } from "../use-items.js";
import { confidenceText, offsetText, pairPath } from "./offset.js";
import { usePairs } from "./use-pairs.js";
import { useSyncRun } from "./use-sync-run.js";

const STATES: [SyncState | "", string][] = [
  ["", "All"],
  ["proposed", "Proposed"],
  ["accepted", "Accepted"],
  ["rejected", "Rejected"],
];

function RunStatus({ status }: { status: SyncStatus }) {
  if (status.state === "idle") return <span>No sync has run since svc started.</span>;
  const counts = `${status.clips_done} of ${status.clips_total} clips, ${status.pairs} ${status.pairs === 1 ? "pair" : "pairs"}, ${status.unmatched} unmatched, ${status.failed} failed`;
  if (status.state === "running")
    return (
      <span>
        Syncing: {counts}
        {status.current && ` (now ${status.current})`}
      </span>
    );
  if (status.state === "failed")
    return <span class="error">The last sync failed: {status.error ?? counts}</span>;
  return <span>Last sync done: {counts}</span>;
}

/**
 * The sync review: every camera clip–sound pair svc found (or the ones of a state), paged, each
 * opening its pair view; and the sync job, started here and followed while it runs.
 */
export function SyncList({ project }: { project: string }) {
  const [state, setState] = useState<SyncState | "">("");
  const list = usePairs(project, state);
  const run = useSyncRun(project, list.reload);
  const items = useItems(
    project,
    list.pairs.flatMap((p) => [p.camera_media_id, p.sound_media_id]),
  );
  const name = (id: number) => items.get(id)?.name ?? `item ${id}`;

  return (
    <section class="sync" aria-label="Sync">
      <h1>Sound sync</h1>
      <div class="filters">
        <label>
          State{" "}
          <select value={state} onChange={(e) => setState(e.currentTarget.value as SyncState | "")}>
            {STATES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void run.start()} disabled={run.running}>
          Run sync
        </button>
        <output>{run.status && <RunStatus status={run.status} />}</output>
      </div>
      {run.error && <p class="error">{run.error}</p>}
      {list.error && <p class="error">{list.error}</p>}
      {!list.loading && list.pairs.length === 0 && !list.error && (
        <p class="note">No pairs{state ? ` ${state}` : ""}: run a sync to look for them.</p>
      )}
      {list.pairs.length > 0 && (
        <table class="pairs">
          <thead>
            <tr>
              <th scope="col">Camera clip</th>
              <th scope="col">Sound</th>
              <th scope="col">Offset</th>
              <th scope="col">Method</th>
              <th scope="col">Confidence</th>
              <th scope="col">State</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {list.pairs.map((p) => (
              <tr key={p.id} data-id={p.id}>
                <td class="pair-camera">
                  <Thumb
                    src={items.get(p.camera_media_id)?.thumbnail_url ?? null}
                    alt={`Key frame of ${name(p.camera_media_id)}`}
                  />
                  <a
                    class="pair-open"
                    href={pairPath(p)}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(pairPath(p));
                    }}
                  >
                    {name(p.camera_media_id)}
                  </a>
                </td>
                <td>{name(p.sound_media_id)}</td>
                <td>{offsetText(p)}</td>
                <td>{p.method}</td>
                <td>{confidenceText(p)}</td>
                <td class={`state-${p.state}`}>{p.state}</td>
                <td>{p.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.more && (
        <button type="button" onClick={list.more} disabled={list.loading}>
          More pairs
        </button>
      )}
    </section>
  );
}
