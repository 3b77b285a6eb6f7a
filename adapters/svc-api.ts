import { deadline } from "./deadline.js";

/** No daemon answered at the URL (refused, unknown host, timed out): nothing to retry against. */
export class SvcUnreachable extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`cannot reach svc at ${url} (${reason})`);
    this.name = "SvcUnreachable";
  }
}

export interface SvcAnswer {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

/** What a client command sends to a running `svc serve`. */
export interface SvcRequest {
  base: string;
  path: string;
  body: unknown;
  token?: string | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** POSTs JSON to the daemon's API; any HTTP answer is returned, only a missing daemon throws. */
export async function postSvc(request: SvcRequest): Promise<SvcAnswer> {
  const url = `${request.base}${request.path}`;
  const { signal, timer, clear } = deadline(request.timeoutMs, request.signal);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      },
      body: JSON.stringify(request.body),
      signal,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A proxy's or another server's error page: shown as text.
    }
    return { status: response.status, body };
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new SvcUnreachable(
      request.base,
      timer.aborted ? `no answer in ${request.timeoutMs / 1000} s` : reasonOf(error),
    );
  } finally {
    clear();
  }
}
