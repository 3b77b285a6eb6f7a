import { useEffect, useState } from "preact/hooks";
import { EntitlementsPanel, Projects, Tokens } from "./admin.js";
import { ApiError, forgetToken, SCALE_MAX, SCALE_MIN, saveUiScale, storedToken, uiScale } from "./api.js";
import {
  editorProxyStatus,
  embedStatus,
  ingestStatus,
  offloadStatus,
  projects,
  type RetranscribeStatus,
  retranscribeStatus,
  type SyncStatus,
  startIngest,
  stats,
  status,
  syncStatus,
} from "./client.js";
import { LogView } from "./ops/log-view.js";
import {
  EmbedView,
  IngestJobsView,
  OffloadJobsView,
  ProxyJobsView,
  RetranscribeView,
  StatsView,
  SyncRunView,
} from "./status-views.js";

/** A panel's reading of the project (routes of no project ignore it). */
type Read<T> = (project: string) => Promise<T>;

// How often the long jobs' progress is read: often while one runs, so its bar moves as one
// watches; seldom otherwise, so an open page does not fill the service log with its polling.
const JOBS_BUSY_MS = 1500;
const JOBS_IDLE_MS = 10_000;

/** A reading of a status route: whether a job of it is running now. */
type Busy<T> = (data: T) => boolean;
const anyRunning: Busy<{ running: number }> = (d) => d.running > 0;
const syncRunning: Busy<SyncStatus> = (d) => d.state === "running";
const retranscribeRunning: Busy<RetranscribeStatus> = (d) => d.running;

/**
 * One panel's data, or the reason it could not be read (often: needs an admin token). `read`
 * is one of the client's functions, the same on every render, so only a change of project or
 * period reads again; `reload` reads at once. With `busy`, the next reading comes after
 * JOBS_BUSY_MS while it says a job runs.
 */
function usePanel<T>(read: Read<T>, project: string, every = 0, busy?: Busy<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = (d: T | null) => {
      const wait = busy && d !== null && busy(d) ? JOBS_BUSY_MS : every;
      if (!stop && wait > 0) timer = setTimeout(load, wait);
    };
    const load = () =>
      read(project).then(
        (d) => {
          if (stop) return;
          setData(d);
          setError(null);
          again(d);
        },
        (e: unknown) => {
          if (stop) return;
          setError(e instanceof ApiError ? `${e.status}: ${e.message}` : String(e));
          again(null);
        },
      );
    void load();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [read, project, every, busy, asked]);
  return { data, error, reload: () => setAsked((n) => n + 1) };
}

function Panel<T>({
  title,
  read,
  project,
  every,
  busy,
  render,
}: {
  title: string;
  read: Read<T>;
  /** The project a project's reading is of; none for the service's own. */
  project?: string;
  every?: number;
  busy?: Busy<T>;
  render: (d: T) => preact.ComponentChildren;
}) {
  const { data, error } = usePanel<T>(read, project ?? "", every, busy);
  return (
    <section class="panel" aria-label={title}>
      <h2>{title}</h2>
      {error && <p class="error">{error}</p>}
      {data !== null && render(data)}
    </section>
  );
}

function IngestPanel({ project }: { project: string }) {
  const [state, setState] = useState<string | null>(null);
  const passes = usePanel(ingestStatus, "", JOBS_IDLE_MS, anyRunning);
  return (
    <section class="panel" aria-label="Ingest">
      <h2>Ingest</h2>
      <button
        type="button"
        onClick={() =>
          startIngest(project).then(
            (body) => {
              setState(`Started an ingest pass of ${body.job.project} (job ${body.job.id})`);
              passes.reload();
            },
            (e: unknown) => setState((e as Error).message),
          )
        }
      >
        Start an ingest pass
      </button>
      {state && <p role="status">{state}</p>}
      {passes.error && <p class="error">{passes.error}</p>}
      {passes.data && <IngestJobsView i={passes.data} />}
    </section>
  );
}

export function Operations({ project }: { project: string }) {
  return (
    <div class="ops">
      <h1>Operations</h1>
      <Panel
        title="Health"
        read={status}
        every={10_000}
        render={(h) => (
          <>
            <p>
              {h.ready ? "Ready" : "Not ready"}
              {h.failing.length > 0 && ` — failing: ${h.failing.join(", ")}`}
            </p>
            <p>Speech recognition: {h.asr ?? "none configured"}</p>
            <ul>
              {Object.entries(h.checks).map(([name, ok]) => (
                <li key={name}>
                  {ok ? "✓" : "✗"} {name}
                </li>
              ))}
            </ul>
            <ul>
              {Object.entries(h.models).map(([role, m]) =>
                m ? (
                  <li key={role}>
                    {role}: {m.name} {m.pulled ? "✓" : <code>{m.pull}</code>}
                  </li>
                ) : null,
              )}
            </ul>
          </>
        )}
      />
      <Panel
        title="Library"
        read={stats}
        project={project}
        every={5000}
        render={(s) => <StatsView s={s} />}
      />
      <IngestPanel project={project} />
      <Panel
        title="Embeddings"
        read={embedStatus}
        project={project}
        every={5000}
        render={(e) => <EmbedView e={e} />}
      />
      <Panel
        title="Editor proxies"
        read={editorProxyStatus}
        every={JOBS_IDLE_MS}
        busy={anyRunning}
        render={(j) => <ProxyJobsView p={j} />}
      />
      <Panel
        title="Offloads"
        read={offloadStatus}
        every={JOBS_IDLE_MS}
        busy={anyRunning}
        render={(o) => <OffloadJobsView o={o} />}
      />
      <Panel
        title="Sound sync"
        read={syncStatus}
        every={JOBS_IDLE_MS}
        busy={syncRunning}
        render={(s) => <SyncRunView s={s} />}
      />
      <Panel
        title="Retranscribe"
        read={retranscribeStatus}
        every={JOBS_IDLE_MS}
        busy={retranscribeRunning}
        render={(r) => <RetranscribeView r={r} />}
      />
      <EntitlementsPanel />
      <LogView />
      <Tokens />
      <Projects />
    </div>
  );
}

export function Settings({
  project,
  setProject,
  onScale,
}: {
  project: string;
  setProject: (p: string) => void;
  onScale: (n: number) => void;
}) {
  const [scale, setScale] = useState(uiScale());
  const [name, setName] = useState(project);
  const [known, setKnown] = useState<string[]>([]);
  useEffect(() => {
    projects().then(
      (body) => setKnown(body.projects.map((p) => p.name)),
      () => setKnown([]),
    );
  }, []);
  return (
    <section class="settings" aria-label="Settings">
      <h1>Settings</h1>
      <p>Kept in this browser only.</p>
      <label>
        UI scale ({scale} %)
        <input
          type="range"
          min={SCALE_MIN}
          max={SCALE_MAX}
          step={5}
          value={scale}
          onInput={(e) => {
            const value = Number(e.currentTarget.value);
            setScale(value);
            saveUiScale(value);
            onScale(value);
          }}
        />
      </label>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setProject(name.trim());
        }}
      >
        <label>
          Project (empty: the default one){" "}
          <input list="project-list" value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <datalist id="project-list">
            {known.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </label>
        <button type="submit">Use</button>
      </form>
      {storedToken() && (
        <p>
          <button
            type="button"
            onClick={() => {
              forgetToken();
              location.reload();
            }}
          >
            Sign out (forget the token)
          </button>
        </p>
      )}
    </section>
  );
}
