import { type ComponentChildren, render } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError, events, forgetToken, saveToken, uiScale } from "./api.js";
import { Chat } from "./chat.js";
import { reachable, version } from "./client.js";
import { Clip } from "./clip/clip.js";
import { Export } from "./export.js";
import { type Filters, listQuery, NO_FILTERS } from "./library/filters.js";
import { Library } from "./library/library.js";
import { Operations, Settings } from "./ops.js";
import { navigate, useLocation } from "./router.js";
import { PairView } from "./sync/pair-view.js";
import { SyncList } from "./sync/sync-list.js";
import { ThemeToggle } from "./theme-toggle.js";
import "./style.css";

const PROJECT_KEY = "svc.project";
const RECONNECT_MS = 2000;

type Auth = { state: "in" } | { state: "out"; reason: string | null };

function SignIn({ reason, onDone }: { reason: string | null; onDone: () => void }) {
  const [token, setToken] = useState("");
  return (
    <main class="signin">
      <h1>Sign in to svc</h1>
      {reason && (
        <p class="error" role="alert">
          {reason}
        </p>
      )}
      <p>
        Paste an API token (from <code>svc token create</code> on the workstation). It is kept in this browser
        for this address only.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!token.trim()) return;
          saveToken(token);
          onDone();
        }}
      >
        <label>
          Token{" "}
          <input
            type="password"
            autoComplete="off"
            value={token}
            onInput={(e) => setToken(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}

const LINKS = [
  ["/", "Library"],
  ["/sync", "Sync"],
  ["/chat", "Chat"],
  ["/export", "Export"],
  ["/ops", "Operations"],
  ["/settings", "Settings"],
] as const;

function App() {
  const url = useLocation();
  // The app starts signed in and the first refusal turns it round: waiting for a check first
  // would put a round trip before the library's first request on every load.
  const [auth, setAuth] = useState<Auth>({ state: "in" });
  const [offline, setOffline] = useState(false);
  const [project, setProjectState] = useState(() => localStorage.getItem(PROJECT_KEY) ?? "");
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [scale, setScale] = useState(uiScale());

  const check = useCallback(() => {
    version().then(
      () => setAuth({ state: "in" }),
      (e: unknown) => {
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
          forgetToken();
          setAuth({ state: "out", reason: e.message });
        } else setAuth({ state: "in" });
      },
    );
  }, []);

  useEffect(() => {
    check();
    const unauthorized = (e: Event) => {
      forgetToken();
      setAuth({ state: "out", reason: (e as CustomEvent<string>).detail });
    };
    const down = () => setOffline(true);
    const up = () => setOffline(false);
    events.addEventListener("unauthorized", unauthorized);
    events.addEventListener("offline", down);
    events.addEventListener("online", up);
    return () => {
      events.removeEventListener("unauthorized", unauthorized);
      events.removeEventListener("offline", down);
      events.removeEventListener("online", up);
    };
  }, [check]);

  // While svc is away, ask its health route until it answers; the banner then goes by itself.
  useEffect(() => {
    if (!offline) return;
    const timer = setInterval(() => {
      reachable().then(
        () => setOffline(false),
        () => undefined,
      );
    }, RECONNECT_MS);
    return () => clearInterval(timer);
  }, [offline]);

  useEffect(() => {
    document.documentElement.style.fontSize = `${scale}%`;
  }, [scale]);

  const setProject = (name: string) => {
    localStorage.setItem(PROJECT_KEY, name);
    setProjectState(name);
    setSelected(new Set());
  };
  // A card stands for one item or a recording's parts: ticking it ticks them all, unless all are.
  const toggle = useCallback((ids: readonly number[]) => {
    setSelected((current) => {
      const next = new Set(current);
      const all = ids.every((id) => next.has(id));
      for (const id of ids) all ? next.delete(id) : next.add(id);
      return next;
    });
  }, []);

  const add = useCallback((ids: readonly number[]) => {
    setSelected((current) => new Set([...current, ...ids]));
  }, []);

  if (auth.state === "out") return <SignIn reason={auth.reason} onDone={check} />;

  const path = url.pathname;
  const clip = /^\/clip\/(\d+)$/.exec(path);
  const pair = /^\/sync\/(\d+)\/(\d+)$/.exec(path);
  const t = Number(url.searchParams.get("t"));
  const clipProject = url.searchParams.get("project") ?? project;
  let view: ComponentChildren;
  if (clip)
    view = (
      <Clip
        id={Number(clip[1])}
        project={clipProject}
        startAt={url.searchParams.has("t") && Number.isFinite(t) ? t : null}
        list={clipProject === project ? listQuery(filters) : {}}
      />
    );
  else if (pair) view = <PairView project={project} camera={Number(pair[1])} sound={Number(pair[2])} />;
  else if (path === "/sync") view = <SyncList project={project} />;
  else if (path === "/chat") view = <Chat />;
  else if (path === "/export")
    view = <Export project={project} filters={filters} selected={selected} setSelected={setSelected} />;
  else if (path === "/ops") view = <Operations project={project} />;
  else if (path === "/settings")
    view = <Settings project={project} setProject={setProject} onScale={setScale} />;
  else
    view = (
      <Library
        project={project}
        filters={filters}
        setFilters={setFilters}
        selected={selected}
        setSelected={setSelected}
        toggle={toggle}
        add={add}
      />
    );

  return (
    <>
      <header class="top">
        <span class="brand">svc</span>
        <nav aria-label="Main">
          {LINKS.map(([href, label]) => (
            <a
              key={href}
              href={href}
              aria-current={path === href ? "page" : undefined}
              onClick={(e) => {
                e.preventDefault();
                navigate(href);
              }}
            >
              {label}
            </a>
          ))}
        </nav>
        {project && <span class="project">project: {project}</span>}
        <ThemeToggle />
      </header>
      {offline && (
        <div class="banner" role="alert">
          svc cannot be reached — reconnecting…
        </div>
      )}
      <main>{view}</main>
    </>
  );
}

const root = document.getElementById("app");
if (root) render(<App />, root);
