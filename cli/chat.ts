import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { postSvc, SvcUnreachable } from "../adapters/svc-api.js";
import { EXIT } from "../domain/errors.js";
import { type ClientConfig, loadClientConfig } from "../state/config.js";
import { reportError, stopSignals } from "./context.js";
import { fail, type Io } from "./io.js";

export const CHAT_USAGE = `usage:
  svc chat [--url URL] [--token T] [--conversation ID] [--project NAME]… [--json] ["PROMPT"]
    one turn with PROMPT; without it, one prompt per line from the terminal (or stdin),
    all in one conversation (/new starts another, /quit ends)`;

// A 14B model on a laptop can take minutes to answer a long question.
const TURN_TIMEOUT_MS = 10 * 60_000;

const OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
  conversation: { type: "string" },
  project: { type: "string", multiple: true },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

interface TurnAnswer {
  conversation_id: string;
  assistant_text: string;
  scene_ids: number[];
  intent: string;
  scenes?: { project: string; scene_id: number }[];
}

/** How a turn ended: an answer, an error to show (and maybe stop on), with the exit code it means. */
type Outcome = { ok: true; answer: TurnAnswer } | { ok: false; code: number; fatal: boolean };

interface Session {
  io: Io;
  client: ClientConfig;
  json: boolean;
  projects: string[] | undefined;
  signal: AbortSignal;
}

const detailOf = (body: unknown): string => {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string") return detail;
  if (detail && typeof detail === "object") return JSON.stringify(detail);
  return typeof body === "string" && body.trim() ? body.trim().slice(0, 300) : "no detail";
};

function show(session: Session, answer: TurnAnswer, raw: unknown): void {
  const { io } = session;
  if (session.json) {
    io.stdout.write(`${JSON.stringify(raw)}\n`);
    return;
  }
  io.stdout.write(`${answer.assistant_text}\n`);
  const scenes = answer.scenes
    ? answer.scenes.map((s) => `${s.project}:${s.scene_id}`)
    : answer.scene_ids.map(String);
  const listed = scenes.length ? ` · scenes ${scenes.join(", ")}` : " · no scenes";
  io.stderr.write(`[${answer.intent}${listed} · conversation ${answer.conversation_id}]\n`);
}

async function turn(session: Session, prompt: string, conversation: string | undefined): Promise<Outcome> {
  const { io, client } = session;
  const body = {
    prompt,
    ...(conversation ? { conversation_id: conversation } : {}),
    ...(session.projects ? { project_scope: session.projects } : {}),
  };
  let answer: Awaited<ReturnType<typeof postSvc>>;
  try {
    answer = await postSvc({
      base: client.url,
      path: "/api/chat",
      body,
      token: client.token,
      timeoutMs: TURN_TIMEOUT_MS,
      signal: session.signal,
    });
  } catch (error) {
    if (session.signal.aborted) return { ok: false, code: EXIT.interrupted, fatal: true };
    if (error instanceof SvcUnreachable) {
      fail(io, `${error.message}: is \`svc serve\` running? (--url or SVC_URL)`);
      return { ok: false, code: EXIT.tempfail, fatal: true };
    }
    throw error;
  }
  if (answer.status === 200) {
    show(session, answer.body as TurnAnswer, answer.body);
    return { ok: true, answer: answer.body as TurnAnswer };
  }
  const detail = detailOf(answer.body);
  if (answer.status === 401) {
    fail(io, `${detail} — pass a token with --token or SVC_TOKEN`);
    return { ok: false, code: EXIT.usage, fatal: true };
  }
  fail(io, detail);
  return answer.status >= 500
    ? { ok: false, code: EXIT.tempfail, fatal: false }
    : { ok: false, code: EXIT.usage, fatal: answer.status === 403 };
}

/** One prompt per line, one conversation, until EOF or /quit; a failed turn is shown and skipped. */
async function interactive(session: Session, first: string | undefined): Promise<number> {
  const { io } = session;
  const tty = Boolean(process.stdin.isTTY);
  const lines = createInterface({ input: process.stdin, terminal: false });
  // Ctrl-C while waiting for a line: stop reading, or stdin keeps the process alive.
  session.signal.addEventListener("abort", () => lines.close(), { once: true });
  const ask = () => {
    if (tty) io.stderr.write("> ");
  };
  let conversation = first;
  let code: number = EXIT.ok;
  if (tty) io.stderr.write("svc chat: one prompt per line; /new starts a new conversation, /quit ends\n");
  ask();
  try {
    for await (const line of lines) {
      const prompt = line.trim();
      if (prompt === "/quit" || prompt === "/exit") break;
      if (prompt === "/new") {
        conversation = undefined;
        ask();
        continue;
      }
      if (prompt !== "") {
        const outcome = await turn(session, prompt, conversation);
        if (outcome.ok) conversation = outcome.answer.conversation_id;
        else {
          code = outcome.code;
          if (outcome.fatal) return code;
        }
      }
      ask();
    }
  } finally {
    lines.close();
  }
  return code;
}

/** `svc chat`: the chat API of a running daemon, from the terminal. */
export async function chatCommand(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    fail(io, `${(error as Error).message}\n${CHAT_USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${CHAT_USAGE}\n`);
    return EXIT.ok;
  }
  let client: ClientConfig;
  try {
    client = loadClientConfig(io.env, { url: values.url, token: values.token });
  } catch (error) {
    return reportError(io, error);
  }
  const prompt = positionals.join(" ");
  if (positionals.length > 0 && prompt.trim() === "") {
    fail(io, `the prompt is empty\n${CHAT_USAGE}`);
    return EXIT.usage;
  }
  const stop = stopSignals();
  const session: Session = {
    io,
    client,
    json: values.json === true,
    projects: values.project,
    signal: stop.signal,
  };
  try {
    const ended = stop.received.then(() => EXIT.interrupted);
    const work =
      positionals.length > 0
        ? turn(session, prompt.trim(), values.conversation).then((o) => (o.ok ? EXIT.ok : o.code))
        : interactive(session, values.conversation);
    return await Promise.race([work, ended]);
  } catch (error) {
    return reportError(io, error);
  } finally {
    stop.dispose();
  }
}
