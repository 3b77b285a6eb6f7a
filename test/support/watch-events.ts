export type WatchEventKind = "changed" | "removed" | "removedDir" | "error";

/** Watcher handlers that record each report (an error by its message) and when `now` says it came. */
export function recordWatchEvents(now: () => number) {
  const events: { kind: WatchEventKind; path: string; at: number }[] = [];
  const push = (kind: WatchEventKind) => (path: unknown) =>
    events.push({
      kind,
      path: kind === "error" ? String((path as Error).message) : String(path),
      at: now(),
    });
  return {
    events,
    handlers: {
      changed: push("changed"),
      removed: push("removed"),
      removedDir: push("removedDir"),
      error: push("error"),
    },
    of: (kind: WatchEventKind) => events.filter((e) => e.kind === kind).map((e) => e.path),
    all: () => events.map((e) => `${e.kind} ${e.path}`),
  };
}
