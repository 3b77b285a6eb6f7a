import { useEffect, useState } from "preact/hooks";
import { EntitlementsPanel, Projects, Tokens } from "./admin.js";
import { ApiError, forgetToken, SCALE_MAX, SCALE_MIN, saveUiScale, storedToken, uiScale } from "./api.js";
import {
  editorProxyStatus,
  embedStatus,
  logTail,
  offloadStatus,
  projects,
  startIngest,
  stats,
  status,
} from "./client.js";
import { EmbedView, OffloadJobsView, ProxyJobsView, StatsView } from "./status-views.js";

/** A panel's reading of the project (routes of no project ignore it). */
type Read<T> = (project: string) => Promise<T>;

// The log's last lines, as the panel shows them.
const recentLog = () => logTail(100);

/**
 * One panel's data, or the reason it could not be read (often: needs an admin token). `read`
 * is one of the client's functions, the same on every render, so only a change of project or
 * period reads again.
 */
function usePanel<T>(read: Read<T>, project: string, every = 0) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    const load = () =>
      read(project).then(
        (d) => {
          if (stop) return;
          setData(d);
          setError(null);
        },
        (e: unknown) => {
          if (!stop) setError(e instanceof ApiError ? `${e.status}: ${e.message}` : String(e));
        },
      );
    void load();
    const timer = every > 0 ? setInterval(load, every) : undefined;
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [read, project, every]);
  return { data, error };
}

function Panel<T>({
  title,
  read,
  project,
  every,
  render,
}: {
  title: string;
  read: Read<T>;
  /** The project a project's reading is of; none for the service's own. */
  project?: string;
  every?: number;
  render: (d: T) => preact.ComponentChildren;
}) {
  const { data, error } = usePanel<T>(read, project ?? "", every);
  return (
    <section class="panel" aria-label={title}>
      <h2>{title}</h2>
      {error && <p class="error">{error}</p>}
      {data !== null && render(data)}
    </section>
  );
}

function IngestButton({ project }: { project: string }) {
  const [state, setState] = useState<string | null>(null);
  return (
    <section class="panel" aria-label="Ingest">
      <h2>Ingest</h2>
      <button
        type="button"
        onClick={() =>
          startIngest(project).then(
            (body) => setState(`Started an ingest pass of ${body.job.project} (job ${body.job.id})`),
            (e: unknown) => setState((e as Error).message),
          )
        }
      >
        Start an ingest pass
      </button>
      {state && <p role="status">{state}</p>}
      <p class="note">Progress shows in the library counts above.</p>
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
      <IngestButton project={project} />
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
        every={3000}
        render={(j) => <ProxyJobsView p={j} />}
      />
      <Panel title="Offloads" read={offloadStatus} every={3000} render={(o) => <OffloadJobsView o={o} />} />
      <EntitlementsPanel />
      <Panel
        title="Service log (redacted)"
        read={recentLog}
        every={5000}
        render={(t) => (
          // A keyboard user scrolls the log too; it takes focus for that alone.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <pre class="log" tabIndex={0}>
            {t.lines.join("\n")}
          </pre>
        )}
      />
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
