import { AsyncLocalStorage } from "node:async_hooks";
import { Ollama } from "ollama";
import { deadline } from "./deadline.js";
import { createHttpFetch } from "./http-fetch.js";

export type ModelHostErrorKind =
  | "unreachable"
  | "model_missing"
  | "timeout"
  | "aborted"
  | "bad_response"
  | "server";

/** Every failure of the model host, sorted into what a caller can act on. */
export class ModelHostError extends Error {
  readonly kind: ModelHostErrorKind;
  readonly model?: string;

  constructor(kind: ModelHostErrorKind, message: string, options: { model?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ModelHostError";
    this.kind = kind;
    if (options.model !== undefined) this.model = options.model;
  }
}

export function pullHint(model: string): string {
  return `model "${model}" is not installed on the model host: run \`ollama pull ${model}\``;
}

export interface ModelStatus {
  reachable: boolean;
  pulled: Record<string, boolean>;
  error?: string;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
  images?: Uint8Array[];
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  format?: Record<string, unknown>;
  keepAlive?: string | number;
  signal?: AbortSignal;
  temperature?: number;
}

export interface ChatJsonRequest<T> extends ChatRequest {
  format: Record<string, unknown>;
  parse: (value: unknown) => T;
}

export interface EmbedOptions {
  signal?: AbortSignal;
  keepAlive?: string | number;
  /** Texts per request; the default suits bge-m3 on a laptop GPU without long queueing. */
  batchSize?: number;
}

export interface ModelHost {
  readonly host: string;
  /** Installed model names as the host reports them ("bge-m3:latest"). */
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** Which build of a model the host serves (its digest), or null when it is not installed. */
  digest(model: string, signal?: AbortSignal): Promise<string | null>;
  /** Never throws: an unreachable host is a status, with every model reported not pulled. */
  status(models: readonly string[], signal?: AbortSignal): Promise<ModelStatus>;
  embed(model: string, texts: readonly string[], opts?: EmbedOptions): Promise<Float32Array[]>;
  chat(req: ChatRequest): Promise<{ content: string; tokens: number }>;
  chatJson<T>(req: ChatJsonRequest<T>): Promise<{ value: T; tokens: number }>;
  /** Frees the model's memory now instead of after Ollama's keep-alive; failures are ignored. */
  unload(model: string, signal?: AbortSignal): Promise<void>;
}

const CHAT_TIMEOUT_MS = 120_000;
const SHORT_TIMEOUT_MS = 30_000;
const DEFAULT_BATCH = 32;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_CLOSED",
]);

/** A non-2xx answer, caught inside fetch so the client never logs or re-wraps it. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface CallContext {
  what: string;
  model?: string;
  timeoutMs: number;
  caller?: AbortSignal | undefined;
  timer: AbortSignal;
}

function parseHost(host: string): { url: string; headers: Record<string, string> } {
  const trimmed = host.trim();
  const explicit = trimmed.includes("://");
  let url: URL;
  try {
    url = new URL(explicit ? trimmed : `http://${trimmed}`);
  } catch {
    throw new TypeError(`model host "${host}" is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`model host "${host}" must be an http or https URL`);
  }
  // Same rule as Ollama's own OLLAMA_HOST parsing: a bare host name means Ollama's port.
  if (!explicit && !url.port) url.port = "11434";
  // fetch refuses URLs with credentials, and they must not reach logs or health reports either.
  const headers: Record<string, string> = url.username
    ? {
        Authorization: `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`,
      }
    : {};
  return { url: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`, headers };
}

async function readFailure(response: Response): Promise<HttpFailure> {
  const text = await response.text().catch(() => "");
  let message = text.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && typeof (parsed as { error?: unknown }).error === "string") {
      message = (parsed as { error: string }).error;
    }
  } catch {
    // Not JSON: proxies and old Ollama versions answer in plain text, which is kept as is.
  }
  if (!message) message = `HTTP ${response.status} ${response.statusText}`.trim();
  return new HttpFailure(response.status, message.slice(0, 300));
}

function networkCode(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
  const nested = (error as { errors?: unknown }).errors;
  if (Array.isArray(nested)) {
    for (const inner of nested) {
      const found = networkCode(inner, depth + 1);
      if (found) return found;
    }
  }
  return networkCode((error as { cause?: unknown }).cause, depth + 1);
}

function classify(error: unknown, ctx: CallContext, shownHost: string): ModelHostError {
  if (error instanceof ModelHostError) return error;
  const model = ctx.model;
  const withModel = model === undefined ? { cause: error } : { model, cause: error };
  if (ctx.caller?.aborted) return new ModelHostError("aborted", `${ctx.what} was cancelled`, withModel);
  if (ctx.timer.aborted) {
    return new ModelHostError(
      "timeout",
      `${ctx.what} timed out after ${Math.round(ctx.timeoutMs / 100) / 10} s`,
      withModel,
    );
  }
  if (error instanceof HttpFailure) {
    if (error.status === 404 && model !== undefined && /\bmodel\b.*\bnot found\b/i.test(error.message)) {
      return new ModelHostError("model_missing", pullHint(model), withModel);
    }
    return new ModelHostError(
      "server",
      `${ctx.what} failed: the model host answered ${error.status}: ${error.message}`,
      withModel,
    );
  }
  if (error instanceof SyntaxError) {
    return new ModelHostError("bad_response", `${ctx.what}: the model host sent invalid JSON`, withModel);
  }
  const code = networkCode(error);
  if (code || (error instanceof TypeError && error.message === "fetch failed")) {
    const cause = (error as { cause?: unknown }).cause;
    const why = code ?? (cause instanceof Error ? cause.message : undefined);
    return new ModelHostError(
      "unreachable",
      `model host at ${shownHost} is unreachable${why ? ` (${why})` : ""}`,
      withModel,
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ModelHostError(
    "bad_response",
    `${ctx.what}: unexpected answer from the model host: ${detail}`,
    withModel,
  );
}

function badResponse(ctx: CallContext, detail: string): ModelHostError {
  const opts = ctx.model === undefined ? {} : { model: ctx.model };
  return new ModelHostError("bad_response", `${ctx.what}: ${detail}`, opts);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;

/** Ollama treats "name" and "name:latest" as one model; the tag sits after the last path segment. */
function canonicalName(name: string): string {
  const lower = name.trim().toLowerCase();
  const lastSegment = lower.slice(lower.lastIndexOf("/") + 1);
  return lastSegment.includes(":") ? lower : `${lower}:latest`;
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

export function createModelHost(options: { host: string; timeoutMs?: number }): ModelHost {
  const { url: shown, headers } = parseHost(options.host);
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    throw new TypeError(
      `model host timeout must be a positive number of milliseconds, got ${options.timeoutMs}`,
    );
  }
  const longTimeout = options.timeoutMs ?? CHAT_TIMEOUT_MS;
  const shortTimeout = options.timeoutMs ?? SHORT_TIMEOUT_MS;

  /**
   * One client for every call (building one costs as much as a search's vector walk). Its fetch
   * takes each call's deadline and the caller's signal from the call's async context, since the
   * client itself only wires signals up for streaming requests.
   */
  const callSignal = new AsyncLocalStorage<AbortSignal>();
  const http = createHttpFetch();
  const client = new Ollama({
    host: shown,
    headers,
    fetch: async (input, init) => {
      const response = await http.fetch(input, { ...init, signal: callSignal.getStore() ?? null });
      if (!response.ok) throw await readFailure(response);
      return response;
    },
  });

  async function call<T>(
    what: string,
    timeoutMs: number,
    caller: AbortSignal | undefined,
    model: string | undefined,
    body: (client: Ollama, ctx: CallContext) => Promise<T>,
  ): Promise<T> {
    const { signal, timer, clear } = deadline(timeoutMs, caller);
    const ctx: CallContext =
      model === undefined ? { what, timeoutMs, caller, timer } : { what, model, timeoutMs, caller, timer };
    try {
      return await callSignal.run(signal, () => body(client, ctx));
    } catch (error) {
      throw classify(error, ctx, shown);
    } finally {
      clear();
    }
  }

  async function installed(signal?: AbortSignal): Promise<{ name: string; digest: string | null }[]> {
    return call("listing models", shortTimeout, signal, undefined, async (client, ctx) => {
      const answer: unknown = await client.list();
      if (!isRecord(answer) || !Array.isArray(answer.models)) {
        throw badResponse(ctx, "the model list has no `models` array");
      }
      const models: { name: string; digest: string | null }[] = [];
      for (const entry of answer.models) {
        const name = isRecord(entry) ? (entry.name ?? entry.model) : undefined;
        if (typeof name !== "string" || !name) throw badResponse(ctx, "a listed model has no name");
        const digest = isRecord(entry) && typeof entry.digest === "string" ? entry.digest : null;
        models.push({ name, digest });
      }
      return models;
    });
  }

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    return (await installed(signal)).map((m) => m.name);
  }

  async function embedBatch(
    model: string,
    batch: readonly string[],
    opts: EmbedOptions,
    expectedDim: number | undefined,
  ): Promise<Float32Array[]> {
    return call(`embedding with "${model}"`, shortTimeout, opts.signal, model, async (client, ctx) => {
      const answer: unknown = await client.embed({
        model,
        input: [...batch],
        ...(opts.keepAlive === undefined ? {} : { keep_alive: opts.keepAlive }),
      });
      if (!isRecord(answer) || !Array.isArray(answer.embeddings)) {
        throw badResponse(ctx, "the answer has no `embeddings` array");
      }
      if (answer.embeddings.length !== batch.length) {
        throw badResponse(ctx, `asked for ${batch.length} embeddings, got ${answer.embeddings.length}`);
      }
      let dim = expectedDim;
      return answer.embeddings.map((raw: unknown) => {
        if (!Array.isArray(raw) || raw.length === 0)
          throw badResponse(ctx, "an embedding is empty or not a list");
        if (dim === undefined) dim = raw.length;
        if (raw.length !== dim) {
          throw badResponse(ctx, `embedding dimension changed from ${dim} to ${raw.length}`);
        }
        const vector = new Float32Array(raw.length);
        for (let i = 0; i < raw.length; i++) {
          const x: unknown = raw[i];
          if (typeof x !== "number") throw badResponse(ctx, "an embedding holds a non-number");
          vector[i] = x;
          if (!Number.isFinite(vector[i])) throw badResponse(ctx, "an embedding holds a non-finite value");
        }
        return vector;
      });
    });
  }

  async function chat(req: ChatRequest): Promise<{ content: string; tokens: number }> {
    return call(`chat with "${req.model}"`, longTimeout, req.signal, req.model, async (client, ctx) => {
      const answer: unknown = await client.chat({
        model: req.model,
        stream: false,
        // Fresh objects: the client rewrites `images` in place on the messages it is given.
        messages: req.messages.map((m) =>
          m.images?.length
            ? { role: m.role, content: m.content, images: m.images.map(toBase64) }
            : { role: m.role, content: m.content },
        ),
        ...(req.format === undefined ? {} : { format: req.format }),
        ...(req.keepAlive === undefined ? {} : { keep_alive: req.keepAlive }),
        ...(req.temperature === undefined ? {} : { options: { temperature: req.temperature } }),
      });
      if (!isRecord(answer) || !isRecord(answer.message) || typeof answer.message.content !== "string") {
        throw badResponse(ctx, "the answer has no message content");
      }
      return {
        content: answer.message.content,
        tokens: count(answer.prompt_eval_count) + count(answer.eval_count),
      };
    });
  }

  return {
    host: shown,
    listModels,

    async digest(model, signal) {
      const wanted = canonicalName(model);
      return (await installed(signal)).find((m) => canonicalName(m.name) === wanted)?.digest ?? null;
    },

    async status(models, signal) {
      const pulled: Record<string, boolean> = Object.fromEntries(models.map((m) => [m, false]));
      try {
        const installed = new Set((await listModels(signal)).map(canonicalName));
        for (const m of models) pulled[m] = installed.has(canonicalName(m));
        return { reachable: true, pulled };
      } catch (error) {
        return { reachable: false, pulled, error: error instanceof Error ? error.message : String(error) };
      }
    },

    async embed(model, texts, opts = {}) {
      const batchSize = opts.batchSize ?? DEFAULT_BATCH;
      if (!Number.isInteger(batchSize) || batchSize < 1) {
        throw new TypeError(`embedding batch size must be a positive integer, got ${batchSize}`);
      }
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        vectors.push(...(await embedBatch(model, batch, opts, vectors[0]?.length)));
      }
      return vectors;
    },

    chat,

    async chatJson(req) {
      const { content, tokens } = await chat(req);
      let raw: unknown;
      try {
        raw = JSON.parse(content);
      } catch (error) {
        throw new ModelHostError("bad_response", `"${req.model}" answered with text that is not JSON`, {
          model: req.model,
          cause: error,
        });
      }
      try {
        return { value: req.parse(raw), tokens };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new ModelHostError(
          "bad_response",
          `"${req.model}" answered JSON that does not fit the schema: ${detail.slice(0, 300)}`,
          { model: req.model, cause: error },
        );
      }
    },

    async unload(model, signal) {
      try {
        await call(`unloading "${model}"`, shortTimeout, signal, model, (client) =>
          client.generate({ model, prompt: "", keep_alive: 0, stream: false }),
        );
      } catch {
        // Unloading only frees memory early; a host that cannot do it now will expire the model itself.
      }
    },
  };
}
