import { useEffect, useState } from "preact/hooks";

/** Client routes are plain paths (/clip/12); svc answers any of them with index.html. */
export function navigate(path: string): void {
  if (path === location.pathname + location.search) return;
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

/** Swaps the current history entry for `path`, keeping `state` with it (a clip's place in its list). */
export function replace(path: string, state: unknown): void {
  history.replaceState(state, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function useLocation(): URL {
  const [url, setUrl] = useState(() => new URL(location.href));
  useEffect(() => {
    const update = () => setUrl(new URL(location.href));
    addEventListener("popstate", update);
    return () => removeEventListener("popstate", update);
  }, []);
  return url;
}
