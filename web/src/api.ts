/**
 * How the app reaches svc: requests with the stored token to the origin it was served from (which
 * routes, client.ts), failures as ApiError, reachability and refusals as events.
 */

const TOKEN_KEY = "svc.token";
const SCALE_KEY = "svc.uiScale";

export const SCALE_MIN = 80;
export const SCALE_MAX = 140;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the app shell listens to: a 401 (sign in again, with the reason) and the server's reachability. */
export const events = new EventTarget();

export const storedToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string) => localStorage.setItem(TOKEN_KEY, token.trim());
export const forgetToken = () => localStorage.removeItem(TOKEN_KEY);

export function uiScale(): number {
  const value = Number(localStorage.getItem(SCALE_KEY) ?? "100");
  return Number.isFinite(value) ? Math.min(SCALE_MAX, Math.max(SCALE_MIN, value)) : 100;
}
export const saveUiScale = (percent: number) =>
  localStorage.setItem(SCALE_KEY, String(Math.min(SCALE_MAX, Math.max(SCALE_MIN, Math.round(percent)))));

function headers(extra?: HeadersInit): Headers {
  const h = new Headers(extra);
  const token = storedToken();
  if (token) h.set("authorization", `Bearer ${token}`);
  return h;
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail);
  } catch {
    return `${response.status} ${response.statusText}`;
  }
}

/** A fetch of an API path with the stored token; failures become ApiError with the server's detail. */
export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: headers(init.headers) });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    events.dispatchEvent(new Event("offline"));
    throw new ApiError(0, "svc cannot be reached");
  }
  events.dispatchEvent(new Event("online"));
  if (response.ok) return response;
  const detail = await detailOf(response);
  if (response.status === 401) events.dispatchEvent(new CustomEvent("unauthorized", { detail }));
  throw new ApiError(response.status, detail);
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await (await request(path, signal ? { signal } : {})).json()) as T;
}

export async function sendJson<T>(method: string, path: string, body: unknown): Promise<T> {
  const response = await request(path, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** Saves a response body as a file: the browser streams it to disk, the page never holds it. */
export async function download(path: string, init: RequestInit = {}): Promise<string> {
  const response = await request(path, init);
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? "export";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

// The scope names a token can carry, from the server's own list (a constant, not server code), so
// the Tokens panel offers exactly what POST /api/tokens accepts.
export { SCOPES } from "../../domain/scopes.js";

export const seconds = (value: number | null | undefined): string => {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  const whole = Math.floor(value);
  const m = Math.floor(whole / 60);
  const s = String(whole % 60).padStart(2, "0");
  const tenth = Math.floor((value - whole) * 10);
  return `${m}:${s}.${tenth}`;
};
