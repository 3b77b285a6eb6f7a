import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type LogEntry, levelName, parseLogLine } from "../../../domain/log-entry.js";
import { ApiError } from "../api.js";
import { type LogQuery, logTail, projects } from "../client.js";
import { entryLine, fieldsText, levelLabel, localTime } from "./log-line.js";

// The lines a filter asks for at first, and the most the view keeps while following.
const FIRST_LINES = 200;
const KEPT_LINES = 1000;
// How often follow mode asks for lines newer than the last one shown.
const FOLLOW_EVERY_MS = 2000;
// Typing in the text filter asks again once the typing pauses.
const TYPING_PAUSE_MS = 300;

const LEVELS = ["debug", "info", "warn", "error"] as const;

interface Line {
  raw: string;
  entry: LogEntry;
}

const read = (lines: readonly string[]): Line[] => lines.map((raw) => ({ raw, entry: parseLogLine(raw) }));

/**
 * The lines of a follow-up answer not shown yet: it starts at the last shown line's time, so the
 * lines of that very millisecond already shown come back and are left out.
 */
function unseen(shown: readonly Line[], answer: readonly Line[]): Line[] {
  const lastTime = shown.at(-1)?.entry.time;
  const atLast = new Set(shown.filter((l) => l.entry.time === lastTime).map((l) => l.raw));
  return answer.filter((l) => !(l.entry.time === lastTime && atLast.has(l.raw)));
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function LogLine({ line }: { line: Line }) {
  const { entry } = line;
  const level = levelName(entry.level);
  const fields = fieldsText(entry.fields);
  return (
    <div class="log-line">
      <span class="log-time">{localTime(entry.time)}</span>{" "}
      <span class={`log-level log-level-${level}`}>{levelLabel(entry.level)}</span>{" "}
      <span class="log-msg">{entry.msg}</span>
      {fields && (
        <>
          {" "}
          <span class="log-fields">{fields}</span>
        </>
      )}
    </div>
  );
}

/**
 * The service log as `journalctl` shows it, filtered by the server (level, text, project) so a
 * rare line is found under the chatter. Follow mode asks every two seconds for what came after
 * the last line shown; off, the view stays as it is.
 */
export function LogView() {
  const [level, setLevel] = useState("");
  const [typed, setTyped] = useState("");
  const text = useDebounced(typed.trim(), TYPING_PAUSE_MS);
  const [project, setProject] = useState("");
  const [known, setKnown] = useState<string[]>([]);
  const [follow, setFollow] = useState(true);
  const [lines, setLines] = useState<Line[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const filter: LogQuery = useMemo(() => ({ level, text, of_project: project }), [level, text, project]);

  useEffect(() => {
    projects().then(
      (body) => setKnown(body.projects.map((p) => p.name)),
      () => setKnown([]),
    );
  }, []);

  const failed = (e: unknown) => setError(e instanceof ApiError ? `${e.status}: ${e.message}` : String(e));

  // A new filter reads the log's end again.
  useEffect(() => {
    let stop = false;
    logTail({ ...filter, lines: FIRST_LINES }).then((answer) => {
      if (stop) return;
      setLines(read(answer.lines));
      setTruncated(answer.truncated);
      setError(null);
    }, failed);
    return () => {
      stop = true;
    };
  }, [filter]);

  useEffect(() => {
    if (!follow) return;
    let stop = false;
    const poll = () => {
      const since = lines.at(-1)?.entry.time ?? undefined;
      logTail({ ...filter, lines: FIRST_LINES, since }).then((answer) => {
        if (stop) return;
        setError(null);
        const fresh = read(answer.lines);
        // Without a line to follow from (none matched yet), the filtered end is read again.
        if (since === undefined) {
          if (fresh.length > 0) setLines(fresh);
          return;
        }
        const added = unseen(lines, fresh);
        if (added.length > 0) setLines([...lines, ...added].slice(-KEPT_LINES));
      }, failed);
    };
    const timer = setInterval(poll, FOLLOW_EVERY_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [follow, filter, lines]);

  // Following keeps the newest line in sight, as `journalctl -f` does.
  useEffect(() => {
    const el = box.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [follow, lines]);

  const copy = () => {
    const textLines = lines.map((l) => entryLine(l.entry)).join("\n");
    navigator.clipboard.writeText(textLines ? `${textLines}\n` : "").then(
      () => setCopied(`Copied ${lines.length} lines`),
      (e: unknown) => setCopied(`Could not copy: ${String(e)}`),
    );
  };

  return (
    <section class="panel log-panel" aria-label="Service log">
      <h2>Service log (redacted)</h2>
      <div class="log-bar">
        <label>
          Level{" "}
          <select value={level} onChange={(e) => setLevel(e.currentTarget.value)}>
            <option value="">all</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l} and worse
              </option>
            ))}
          </select>
        </label>
        <label>
          Text <input type="search" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
        </label>
        <label>
          Project{" "}
          <select value={project} onChange={(e) => setProject(e.currentTarget.value)}>
            <option value="">all</option>
            {known.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <button type="button" aria-pressed={follow} onClick={() => setFollow(!follow)}>
          {follow ? "Following" : "Follow"}
        </button>
        <button type="button" onClick={copy}>
          Copy as text
        </button>
        <span role="status">{copied}</span>
      </div>
      {error && <p class="error">{error}</p>}
      <p class="note">
        {lines.length} lines{truncated && ", older ones left out"}; times are this computer's.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <div class="log" role="log" aria-label="Log lines" tabIndex={0} ref={box}>
        {lines.map((line, i) => (
          <LogLine key={`${i}:${line.raw}`} line={line} />
        ))}
      </div>
    </section>
  );
}
