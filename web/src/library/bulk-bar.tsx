import { useState } from "preact/hooks";
import { ApiError } from "../api.js";
import {
  addToBin,
  type Bins,
  bulkDelete,
  bulkRating,
  bulkRestore,
  bulkTags,
  makeEditorProxies,
  removeFromBin,
  type TagChange,
} from "../client.js";
import { navigate } from "../router.js";

// POST /api/media/bulk-delete takes this many ids a request; a larger selection goes in turns.
const DELETE_BATCH = 1000;

/** How the last bulk change is reversed: one request, with what its answer said changed. */
type Undo =
  | { kind: "tags"; what: string; changes: TagChange[] }
  | {
      kind: "rating";
      what: string;
      items: { id: number; rating: string | null; rating_note: string | null }[];
    }
  | { kind: "bin"; what: string; bin: number; ids: number[] }
  | { kind: "trash"; what: string; trashIds: number[] };

interface BulkBarProps {
  project: string;
  selected: ReadonlySet<number>;
  setSelected: (ids: Set<number>) => void;
  bins: Bins["bins"];
  /** The grid shows the items again as they are now. */
  refresh: () => void;
}

const items = (n: number) => `${n.toLocaleString()} ${n === 1 ? "item" : "items"}`;

/** The answer of each action, plainly, and the undo it leaves (null: nothing to undo). */
interface Outcome {
  status: string;
  undo: Undo | null;
}

async function tag(project: string, ids: number[], name: string, add: boolean): Promise<Outcome> {
  const reply = await bulkTags(project, [add ? { name, add: ids } : { name, remove: ids }]);
  const changed = add ? reply.added : reply.removed;
  const status = add
    ? `Tagged ${items(changed)} “${name}”${changed < ids.length ? ` (${ids.length - changed} had it already)` : ""}`
    : `Took “${name}” off ${items(changed)}${changed < ids.length ? ` (${ids.length - changed} did not have it)` : ""}`;
  const changes = reply.changes.map((c) => ({ name: c.name, add: c.removed, remove: c.added }));
  return { status, undo: changed > 0 ? { kind: "tags", what: status, changes } : null };
}

async function rate(project: string, ids: number[], rating: string | null): Promise<Outcome> {
  const reply = await bulkRating(project, { ids, rating });
  const status = rating
    ? `Rated ${items(ids.length)} ${"★".repeat(Number(rating))}`
    : `Cleared the rating of ${items(ids.length)}`;
  const back = reply.items
    .filter((item) => item.rating !== item.previous.rating)
    .map((item) => ({ id: item.id, ...item.previous }));
  return { status, undo: back.length > 0 ? { kind: "rating", what: status, items: back } : null };
}

async function bin(project: string, ids: number[], chosen: Bins["bins"][number]): Promise<Outcome> {
  const reply = await addToBin(chosen.id, project, ids);
  const status = `Added ${items(reply.added.length)} to bin “${chosen.name}”${
    reply.present.length > 0 ? ` (${reply.present.length} were in it already)` : ""
  }`;
  return {
    status,
    undo: reply.added.length > 0 ? { kind: "bin", what: status, bin: chosen.id, ids: reply.added } : null,
  };
}

async function trash(project: string, ids: number[]): Promise<Outcome> {
  const trashIds: number[] = [];
  let deleted = 0;
  const problems: string[] = [];
  for (let at = 0; at < ids.length; at += DELETE_BATCH) {
    const reply = await bulkDelete(project, ids.slice(at, at + DELETE_BATCH));
    deleted += reply.deleted;
    for (const result of reply.results) {
      if (result.status === "deleted" && result.trash_id !== null) trashIds.push(result.trash_id);
      if (result.status === "failed") problems.push(`item ${result.id}: ${result.detail}`);
    }
  }
  const kept = deleted - trashIds.length;
  const status = `Deleted ${items(deleted)} to the trash${kept > 0 ? ` (${kept} had no file to keep)` : ""}${
    problems.length > 0 ? `; not deleted: ${problems.join("; ")}` : ""
  }`;
  return { status, undo: trashIds.length > 0 ? { kind: "trash", what: status, trashIds } : null };
}

async function proxies(project: string, ids: number[]): Promise<Outcome> {
  const reply = await makeEditorProxies(project, ids);
  const count = (status: string) => reply.results.filter((r) => r.status === status).length;
  const failed = reply.results.filter((r) => r.status === "failed");
  const reasons = failed.map((r) => `item ${r.id}: ${r.reason ?? "failed"}`).join("; ");
  return {
    status: `Editor proxies: ${count("written")} made, ${count("skipped_exists")} there already${
      failed.length > 0 ? `, ${failed.length} failed (${reasons})` : ""
    }`,
    undo: null,
  };
}

/** Reverses the last bulk change with one request; answers what it says and the selection after. */
async function undo(project: string, last: Undo): Promise<{ status: string; selection: number[] | null }> {
  switch (last.kind) {
    case "tags":
      await bulkTags(project, last.changes);
      return { status: `Undid: ${last.what}`, selection: null };
    case "rating":
      await bulkRating(project, { items: last.items });
      return { status: `Undid: ${last.what}`, selection: null };
    case "bin":
      await removeFromBin(last.bin, project, last.ids);
      return { status: `Undid: ${last.what}`, selection: null };
    case "trash": {
      const reply = await bulkRestore(project, last.trashIds);
      const failed = reply.results.flatMap((r) => (r.status === "failed" ? [r.detail] : []));
      const restored = reply.results.flatMap((r) =>
        r.status === "restored" && r.media_id ? [r.media_id] : [],
      );
      const note = reply.ingest_note ? ` (${reply.ingest_note})` : "";
      const problems = failed.length > 0 ? `; ${failed.join("; ")}` : "";
      return {
        status: `Undid: ${last.what} — ${items(reply.restored)} restored${note}${problems}`,
        selection: restored,
      };
    }
  }
}

const message = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

/**
 * What can be done to the selected items at once: tag, rate, add to a bin, delete to the trash,
 * make editor proxies, export (the Export page works on the selection). The last change (not
 * proxies) can be undone with one request.
 */
export function BulkBar({ project, selected, setSelected, bins, refresh }: BulkBarProps) {
  const [name, setName] = useState("");
  const [binId, setBinId] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [last, setLast] = useState<Undo | null>(null);
  const ids = [...selected];

  const run = async (label: string, work: () => Promise<Outcome>, after?: () => void) => {
    setBusy(true);
    setStatus({ text: `${label}…`, error: false });
    try {
      const outcome = await work();
      setStatus({ text: outcome.status, error: false });
      if (outcome.undo) setLast(outcome.undo);
      after?.();
    } catch (e) {
      setStatus({ text: `${label} failed: ${message(e)}`, error: true });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const undoLast = async () => {
    if (!last) return;
    setBusy(true);
    try {
      const done = await undo(project, last);
      setStatus({ text: done.status, error: false });
      setLast(null);
      if (done.selection) setSelected(new Set(done.selection));
    } catch (e) {
      setStatus({ text: `Undo failed: ${message(e)}`, error: true });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const chosenBin = bins.find((b) => String(b.id) === binId);
  const none = ids.length === 0;
  // Kept mounted while nothing is selected, so a delete (which clears the selection) can be undone.
  if (none && !last && !status) return null;
  return (
    <section class="bulk-bar" aria-label="Bulk actions">
      <span class="bulk-count">{none ? "Nothing selected" : `${items(ids.length)} selected`}</span>
      <button type="button" disabled={none || busy} onClick={() => setSelected(new Set())}>
        Clear selection
      </button>
      <form
        class="bulk-group"
        onSubmit={(e) => {
          e.preventDefault();
          const add = (e.submitter as HTMLButtonElement | null)?.value !== "remove";
          const tagName = name.trim();
          if (tagName) void run(add ? "Tagging" : "Removing the tag", () => tag(project, ids, tagName, add));
        }}
      >
        <input
          list="tag-list"
          aria-label="Tag name"
          placeholder="tag"
          size={10}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <button type="submit" value="add" disabled={none || busy || !name.trim()}>
          Add tag
        </button>
        <button type="submit" value="remove" disabled={none || busy || !name.trim()}>
          Remove tag
        </button>
      </form>
      <fieldset class="bulk-group" disabled={none || busy}>
        <legend>Rate</legend>
        {["1", "2", "3", "4", "5"].map((r) => (
          <button
            key={r}
            type="button"
            aria-label={`Rate ${r} of 5`}
            onClick={() => void run("Rating", () => rate(project, ids, r))}
          >
            {"★".repeat(Number(r))}
          </button>
        ))}
        <button type="button" onClick={() => void run("Clearing the rating", () => rate(project, ids, null))}>
          Clear rating
        </button>
      </fieldset>
      <span class="bulk-group">
        <select aria-label="Bin" value={binId} onChange={(e) => setBinId(e.currentTarget.value)}>
          <option value="">choose a bin</option>
          {bins.map((b) => (
            <option key={b.id} value={String(b.id)}>
              {b.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={none || busy || !chosenBin}
          onClick={() => chosenBin && void run("Adding to the bin", () => bin(project, ids, chosenBin))}
        >
          Add to bin
        </button>
      </span>
      <button
        type="button"
        class="danger"
        disabled={none || busy}
        onClick={() =>
          void run(
            "Deleting to the trash",
            () => trash(project, ids),
            () => setSelected(new Set()),
          )
        }
      >
        Delete to trash
      </button>
      <button
        type="button"
        disabled={none || busy}
        onClick={() => void run("Making editor proxies", () => proxies(project, ids))}
      >
        Make editor proxies
      </button>
      <a
        href="/export"
        onClick={(e) => {
          e.preventDefault();
          navigate("/export");
        }}
      >
        Export the selection…
      </a>
      <button
        type="button"
        disabled={!last || busy}
        title={last ? `Undo: ${last.what}` : "Nothing to undo"}
        onClick={() => void undoLast()}
      >
        Undo
      </button>
      {status && (
        <p
          class={status.error ? "bulk-status error" : "bulk-status"}
          role={status.error ? "alert" : "status"}
        >
          {status.text}
        </p>
      )}
    </section>
  );
}
