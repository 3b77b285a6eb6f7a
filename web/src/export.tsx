import { useState } from "preact/hooks";
import {
  downloadBatch,
  downloadTimeline,
  editorProxyStatus,
  makeEditorProxies,
  mediaPages,
  sendToResolve,
} from "./client.js";
import { type Filters, listQuery } from "./library/filters.js";

const TIMELINE_FORMATS = [
  ["edl", "EDL (CMX 3600)"],
  ["fcpxml", "FCPXML (Final Cut Pro, Resolve)"],
  ["fcpxmld", "FCPXML bundle, zipped (Final Cut Pro 10.6+)"],
  ["xmeml", "FCP7 XML (Premiere, Resolve)"],
  ["otio", "OpenTimelineIO"],
  ["srt", "SRT subtitles"],
  ["edl-sound", "EDL of the synced sound"],
  ["selects-csv", "Selects log (CSV)"],
  ["selects-tsv", "Selects log (TSV)"],
  ["ale", "Avid Log Exchange (ALE)"],
] as const;
const BATCH_FORMATS = [
  "srt",
  "vtt",
  "txt",
  "edl",
  "edl-markers",
  "edl-sound",
  "fcpxml",
  "selects-csv",
  "selects-tsv",
  "ale",
] as const;
const MAX_TIMELINE = 2000;
const MAX_BATCH = 10_000;
const PAGE = 500;

export function Export({
  project,
  filters,
  selected,
  setSelected,
}: {
  project: string;
  filters: Filters;
  selected: ReadonlySet<number>;
  setSelected: (ids: Set<number>) => void;
}) {
  const [format, setFormat] = useState<string>("fcpxml");
  const [batch, setBatch] = useState<Set<string>>(new Set(["srt", "fcpxml"]));
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [bin, setBin] = useState("");
  const ids = [...selected];

  const run = async (label: string, work: () => Promise<string>) => {
    setBusy(true);
    setStatus(`${label}…`);
    try {
      setStatus(`Downloaded ${await work()}`);
    } catch (e) {
      setStatus((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const handOff = async () => {
    setBusy(true);
    setStatus("Sending to Resolve…");
    try {
      const made = await sendToResolve(project, ids, bin);
      setStatus(
        `Hand-off ${made.id} ready (${made.items} clips, bin "${made.bin}"): in Resolve, run Workspace → Scripts → svc_resolve`,
      );
    } catch (e) {
      setStatus(`Could not send to Resolve: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  // Pages of ids, yielding to the browser between them, so 10,000 clips keep the page responsive.
  const selectMatching = () =>
    run("Selecting", async () => {
      const all = new Set<number>();
      for await (const page of mediaPages(project, listQuery(filters), PAGE, MAX_BATCH)) {
        for (const item of page.items) all.add(item.id);
        setStatus(`Selecting… ${all.size}`);
      }
      setSelected(all);
      return `${all.size} clips selected`;
    });

  return (
    <section class="export" aria-label="Export">
      <h1>Export and hand-off</h1>
      <p>
        {ids.length.toLocaleString()} clips selected.{" "}
        <button type="button" onClick={() => void selectMatching()} disabled={busy}>
          Select everything the library filter matches
        </button>{" "}
        <button type="button" onClick={() => setSelected(new Set())} disabled={busy || ids.length === 0}>
          Clear
        </button>
      </p>
      <fieldset>
        <legend>Timeline</legend>
        <label>
          Format{" "}
          <select value={format} onChange={(e) => setFormat(e.currentTarget.value)}>
            {TIMELINE_FORMATS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>{" "}
        <button
          type="button"
          disabled={busy || ids.length === 0 || ids.length > MAX_TIMELINE}
          onClick={() => void run("Exporting", () => downloadTimeline(project, format, ids))}
        >
          Download timeline
        </button>
        {ids.length > MAX_TIMELINE && (
          <span class="note"> A timeline holds at most {MAX_TIMELINE} clips: use the batch zip.</span>
        )}
      </fieldset>
      <fieldset>
        <legend>Batch zip</legend>
        {BATCH_FORMATS.map((f) => (
          <label key={f} class="check">
            <input
              type="checkbox"
              checked={batch.has(f)}
              onChange={(e) => {
                const next = new Set(batch);
                e.currentTarget.checked ? next.add(f) : next.delete(f);
                setBatch(next);
              }}
            />
            {f}
          </label>
        ))}{" "}
        <button
          type="button"
          disabled={busy || ids.length === 0 || batch.size === 0}
          onClick={() =>
            void run("Exporting", () => downloadBatch(project, ids.slice(0, MAX_BATCH), [...batch]))
          }
        >
          Download batch zip
        </button>
      </fieldset>
      <fieldset>
        <legend>DaVinci Resolve</legend>
        <label>
          Resolve bin{" "}
          <input
            type="text"
            value={bin}
            maxLength={120}
            placeholder="the project's name"
            onInput={(e) => setBin(e.currentTarget.value)}
          />
        </label>{" "}
        <button
          type="button"
          disabled={busy || ids.length === 0 || ids.length > MAX_TIMELINE}
          onClick={() => void handOff()}
        >
          Send to Resolve
        </button>
        {ids.length > MAX_TIMELINE && (
          <span class="note"> A hand-off holds at most {MAX_TIMELINE} clips.</span>
        )}
      </fieldset>
      <fieldset>
        <legend>Editor proxies</legend>
        <button
          type="button"
          disabled={busy || ids.length === 0}
          onClick={() => void run("Encoding", () => editorProxies(ids, project, setStatus))}
        >
          Make ProRes proxies for the selection
        </button>
      </fieldset>
      {status && (
        <p class="message" role="status">
          {status}
        </p>
      )}
    </section>
  );
}

/** Starts the encodes and reports their progress from the status route while the request runs. */
async function editorProxies(ids: number[], project: string, report: (s: string) => void): Promise<string> {
  const timer = setInterval(() => {
    editorProxyStatus().then(
      (s) => {
        const job = s.jobs.find((j) => j.state === "running");
        if (!job) return;
        const part = job.current?.duration_s
          ? ` (${Math.round((100 * job.current.encoded_s) / job.current.duration_s)} % of clip ${job.current.media_id})`
          : "";
        report(`Encoding ${job.done}/${job.total}${part}`);
      },
      () => undefined,
    );
  }, 1000);
  try {
    const reply = await makeEditorProxies(project, ids);
    return `proxies: ${reply.results.length} clips handled`;
  } finally {
    clearInterval(timer);
  }
}
