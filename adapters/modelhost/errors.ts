/**
 * Every way a call to the model host can fail, sorted into what a caller can act on: the host
 * unreachable, the model not pulled, out of time, cancelled, an answer that is not what was asked
 * for, or the host's own error.
 */
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
  /** The HTTP status of a `server` failure: a 5xx is the host's fault, a 4xx the request's. */
  readonly status?: number;

  constructor(
    kind: ModelHostErrorKind,
    message: string,
    options: { model?: string; cause?: unknown; status?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ModelHostError";
    this.kind = kind;
    if (options.model !== undefined) this.model = options.model;
    if (options.status !== undefined) this.status = options.status;
  }
}

export function pullHint(model: string): string {
  return `model "${model}" is not installed on the model host: run \`ollama pull ${model}\``;
}

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

/** One call as its failures describe it: what it was, for which model, and its two signals. */
export interface CallContext {
  what: string;
  model?: string;
  timeoutMs: number;
  caller?: AbortSignal | undefined;
  timer: AbortSignal;
}

/** What a failure's message names: the call and its model. */
export type CallLabel = Pick<CallContext, "what" | "model">;

/** A non-2xx answer as an HttpFailure carrying the host's own message. */
export async function readFailure(response: Response): Promise<HttpFailure> {
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

/** Any failure of a call as a ModelHostError; `shownHost` is the host as messages may show it. */
export function classify(error: unknown, ctx: CallContext, shownHost: string): ModelHostError {
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
      { ...withModel, status: error.status },
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

/** An answer that is not what was asked for. */
export function badResponse(ctx: CallLabel, detail: string): ModelHostError {
  const opts = ctx.model === undefined ? {} : { model: ctx.model };
  return new ModelHostError("bad_response", `${ctx.what}: ${detail}`, opts);
}
