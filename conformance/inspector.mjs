import { isDeepStrictEqual } from "node:util";
import { runProgram } from "./proc.mjs";

const CALL_MS = 60_000;

// The inspector's exit codes (validators.md §3): 0 a result, 5 an isError result or unknown tool.
const OK = 0;
const TOOL_ERROR = 5;

export const TOOL_NAMES = [
  "search_media",
  "get_media",
  "get_scenes",
  "get_transcript",
  "list_recent",
  "library_stats",
  "list_tags",
];

const UNKNOWN_ID = 999_999;

/** What the inspector is pointed at: svc's `mcp` command over stdio, with env given by -e. */
export function stdioTarget(cli, env) {
  return [process.execPath, cli, "mcp", ...Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`])];
}

const call = (tool, ...args) => [
  "--method",
  "tools/call",
  "--tool-name",
  tool,
  ...(args.length ? ["--tool-arg", ...args] : []),
];

/**
 * A tool answer svc promises: not an error, its structured content the same JSON as its text,
 * and `expect` true of that content.
 */
const answer = (expect) => (result) => {
  if (result.isError) return `an error result: ${result.content?.[0]?.text}`;
  const text = result.content?.[0]?.text;
  const structured = result.structuredContent;
  if (!isDeepStrictEqual(JSON.parse(text), structured)) return "text and structuredContent differ";
  return expect(structured) ? null : `unexpected content: ${text.slice(0, 300)}`;
};

/** An unknown id's answer: a normal result whose text is `null` and whose `key` is null. */
const unknown = (key) => (result) => {
  if (result.isError) return `an error result: ${result.content?.[0]?.text}`;
  if (result.content?.[0]?.text !== "null") return `text is ${result.content?.[0]?.text}, not null`;
  return result.structuredContent?.[key] === null ? null : `structuredContent.${key} is not null`;
};

/**
 * The checks run over each transport: list the tools, call each one on the seeded item and on an
 * unknown id, then two calls that must fail. `media_id=N` arrives as a JSON number because the
 * inspector types each --tool-arg by the tool's input schema; svc's schema refuses a string, so
 * the get_* checks passing shows it, and `media_id=abc` (sent as null) must be refused.
 */
export function inspectorChecks(id, clip) {
  return [
    {
      label: "tools/list",
      args: ["--method", "tools/list"],
      exit: OK,
      verify: ({ tools }) => {
        const names = tools.map((t) => t.name).sort();
        if (!isDeepStrictEqual(names, [...TOOL_NAMES].sort())) return `tools are ${names.join(", ")}`;
        const loose = tools.filter((t) => t.inputSchema?.type !== "object" || !t.annotations?.readOnlyHint);
        return loose.length ? `not an object schema or not read-only: ${loose.map((t) => t.name)}` : null;
      },
    },
    {
      label: "search_media",
      args: call("search_media", `query=${clip.tag}`),
      exit: OK,
      verify: answer((r) => r.items[0]?.id === id && r.total === 1),
    },
    {
      label: "get_media",
      args: call("get_media", `media_id=${id}`),
      exit: OK,
      verify: answer((r) => r.media?.id === id && r.media.name === clip.name),
    },
    {
      label: "get_media (unknown id)",
      args: call("get_media", `media_id=${UNKNOWN_ID}`),
      exit: OK,
      verify: unknown("media"),
    },
    {
      label: "get_scenes",
      args: call("get_scenes", `media_id=${id}`),
      exit: OK,
      verify: answer((r) => r.scenes?.length === clip.scenes && r.total === clip.scenes),
    },
    {
      label: "get_scenes (unknown id)",
      args: call("get_scenes", `media_id=${UNKNOWN_ID}`),
      exit: OK,
      verify: unknown("scenes"),
    },
    {
      label: "get_transcript",
      args: call("get_transcript", `media_id=${id}`, "include_words=true"),
      exit: OK,
      verify: answer(
        (r) =>
          r.media_id === id &&
          r.segments?.[0]?.text === clip.transcript &&
          r.words?.length === clip.transcript.split(" ").length,
      ),
    },
    {
      label: "get_transcript (unknown id)",
      args: call("get_transcript", `media_id=${UNKNOWN_ID}`, "include_words=false"),
      exit: OK,
      verify: unknown("segments"),
    },
    {
      label: "list_recent",
      args: call("list_recent"),
      exit: OK,
      verify: answer((r) => r.total === 1 && r.items[0]?.id === id),
    },
    {
      label: "library_stats",
      args: call("library_stats"),
      exit: OK,
      verify: answer((r) => r.items.total === 1 && r.missing === 0),
    },
    {
      label: "list_tags",
      args: call("list_tags"),
      exit: OK,
      verify: answer((r) => isDeepStrictEqual(r.tags, [{ name: clip.tag, count: 1 }])),
    },
    { label: "unknown tool", args: call("no_such_tool"), exit: TOOL_ERROR, error: "tool_not_found" },
    {
      label: "get_media (media_id=abc)",
      args: call("get_media", "media_id=abc"),
      exit: TOOL_ERROR,
      error: "tool_is_error",
    },
  ];
}

/**
 * Runs one check: the inspector CLI on Node 22 against `target`, its JSON output judged by the
 * check. Returns null when it holds, else what went wrong; `record` keeps every run for the log.
 */
export async function runCheck({ node, bin, target, check, env, record, signal }) {
  const args = [bin, "--cli", ...target, ...check.args, "--format", "json"];
  const { code, stdout, stderr } = await runProgram(node, args, { env, timeoutMs: CALL_MS, signal });
  record(`$ mcp-inspector ${args.slice(1).join(" ")}\nexit ${code}\n${stdout}${stderr}\n`);
  if (code !== check.exit)
    return `exit ${code}, expected ${check.exit}: ${(stderr || stdout).trim().slice(-400)}`;
  if (check.error) {
    const line = stderr.split("\n").find((l) => l.startsWith('{"error"'));
    const reported = line ? JSON.parse(line).error.code : "none";
    return reported === check.error ? null : `error ${reported}, expected ${check.error}`;
  }
  try {
    return check.verify(JSON.parse(stdout).result);
  } catch (error) {
    return `unreadable output (${error.message}): ${stdout.slice(0, 300)}`;
  }
}
