import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { callHostTool, HostRefused, HostUnreachable, sendToHost } from "../../adapters/host-forward.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { projectPaths } from "../../state/paths.js";
import { readProjectId } from "../../state/project-id.js";
import type { ProjectRow } from "../../state/repos/projects.js";
import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { HostedElsewhere, type LeaseHolderView } from "./project-hosts.js";

/** A project this svc is a seat for, and what it takes to ask its host. */
export interface SeatTarget {
  readonly project: ProjectRow;
  /** The project's own id: seats mount and name the project their own way, so they send this. */
  readonly projectId: string;
  readonly hostname: string;
  /** The host's API, e.g. `http://edit-1.local:8765`. */
  readonly url: string;
  readonly mcpUrl: string | null;
  readonly token: string;
}

/** A seat that cannot answer for its host now: 503, with Retry-After. */
export class SeatUnavailable extends UserError {
  constructor(message: string, retryAfterS: number) {
    super(message, EXIT.tempfail, 503, retryAfterS);
    this.name = "SeatUnavailable";
  }
}

/** The scopes a seat token is issued with when its seat's users read, mark, delete and ingest. */
export const SEAT_TOKEN_SCOPES = "videos_read,videos_write,media_read,media_delete,ingest_write";

// A host that just died is replaced once its lease lapses: the caller may try again by then.
const retryAfter = (ctx: AppContext) => Math.max(1, Math.ceil(ctx.config.leaseTimeoutMs / 1000));

/**
 * The svc that hosts the project at `root` when it is another than this one; null when this svc
 * hosts it, nobody holds its lease, or the lease cannot be read (the handler then answers).
 */
export function hostElsewhere(ctx: AppContext, root: string): LeaseHolderView | null {
  if (ctx.hosts.heldLease(root)) return null;
  try {
    // As the lease keeper last read it (a project the daemon keeps is read every timeout/8), so a
    // forwarded request costs no read of the share.
    const view = ctx.hosts.current(root);
    return view.role === "seat" ? view.holder : null;
  } catch {
    // A share that does not answer: the handler reports the project unreachable.
    return null;
  }
}

/** Why a search across projects left out a project this svc is a seat for. */
export function hostedElsewhereNote(name: string, host: LeaseHolderView): string {
  const where = host.url ? `${host.hostname} at ${host.url}` : `${host.hostname} (${host.process})`;
  return `hosted by ${where}; this svc is a seat for it: search it on its own (GET /api/media?q=…&project=${name}), which is answered by its host`;
}

/**
 * Where a request for project `name` (its name or id; the default project when absent) is
 * answered: null here (this svc hosts it, or nobody holds its lease and the handler takes it),
 * otherwise the host to forward it to. Throws a 503 when this svc is a seat for it but cannot
 * forward: the lease is held by a command that serves nothing, or there is no seat token, or the
 * project has no id yet. An unknown project is left to the handler (404).
 */
export function seatTarget(ctx: AppContext, libraries: LibraryPool, name?: string | null): SeatTarget | null {
  let project: ProjectRow;
  try {
    project = libraries.project(name);
  } catch {
    // An unknown project: the handler says so, in the order it checks its inputs.
    return null;
  }
  const holder = hostElsewhere(ctx, project.root);
  if (holder === null) return null;
  const label = `"${project.name}"`;
  if (holder.url === null) {
    const busy = new HostedElsewhere(label, holder);
    throw new SeatUnavailable(busy.message, retryAfter(ctx));
  }
  const where = `${holder.hostname} at ${holder.url}`;
  const token = ctx.config.seatToken;
  if (!token)
    throw new SeatUnavailable(
      `project ${label} is hosted by ${where}, and this svc is a seat for it: it answers for the project by asking the host, ` +
        `which needs a seat token. Issue one on the host (\`svc token create --name seat-${ctx.hosts.identity.hostname} --scopes ${SEAT_TOKEN_SCOPES}\`) ` +
        "and set it here as SVC_SEAT_TOKEN",
      retryAfter(ctx),
    );
  const projectId = readProjectId(projectPaths(project.root));
  if (projectId === null)
    throw new SeatUnavailable(
      `project ${label} is hosted by ${where}, but its id (.svc/project.json) is not written yet: the host writes it when it opens the project`,
      retryAfter(ctx),
    );
  return { project, projectId, hostname: holder.hostname, url: holder.url, mcpUrl: holder.mcp_url, token };
}

function unanswered(ctx: AppContext, target: SeatTarget, reason: string): SeatUnavailable {
  return new SeatUnavailable(
    `project "${target.project.name}" is hosted by ${target.hostname} at ${target.url}, which does not answer (${reason}); ` +
      "try again shortly: if that host is gone, another svc takes the project over once its lease lapses (SVC_LEASE_TIMEOUT_S)",
    retryAfter(ctx),
  );
}

/** The host refused the seat's own token: what the seat's admin fixes, not the caller. */
function refusedToken(target: SeatTarget, status: number, detail: string): UserError {
  return new UserError(
    `the host ${target.hostname} at ${target.url} refused this seat's token (SVC_SEAT_TOKEN): ${detail.slice(0, 300)}`,
    EXIT.usage,
    status,
  );
}

/** What a request to the API carries that the host needs. */
export interface SeatRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Headers;
  /** The body as it streams in, or bytes when the project was read from it (`projectIn: "body"`). */
  readonly body: ReadableStream<Uint8Array> | Uint8Array | null;
  /** Where the request names its project: it is rewritten to the project's id there. */
  readonly projectIn: "query" | "body";
  readonly signal?: AbortSignal;
}

// The caller's headers the host's answer depends on; never its credentials, cookies or origin
// (the seat judged those), nor hop-by-hop ones.
const PASSED_ON = [
  "accept",
  "accept-encoding",
  "accept-language",
  "content-type",
  "content-length",
  "range",
  "if-range",
  "if-match",
  "if-none-match",
  "if-modified-since",
  "if-unmodified-since",
];

// RFC 9110 §7.6.1: a proxy's own business on each hop, never passed on.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** A JSON body with its `project` field set to the project's id. */
function withProjectId(body: Uint8Array | null, projectId: string): Uint8Array {
  const text = body && body.byteLength > 0 ? new TextDecoder().decode(body) : "{}";
  const value = JSON.parse(text.trim() === "" ? "{}" : text) as Record<string, unknown>;
  return new TextEncoder().encode(JSON.stringify({ ...value, project: projectId }));
}

/** The host's refusal detail, when its answer is svc's JSON error; else its text. */
function detailOf(text: string): string {
  try {
    const { detail } = JSON.parse(text) as { detail?: unknown };
    return typeof detail === "string" ? detail : JSON.stringify(detail);
  } catch {
    return text;
  }
}

/**
 * Sends a request a seat took to the project's host, with the seat token in place of the
 * caller's credentials (the seat checked those), the project named by its id, and no stream
 * grant (the seat checked it; grants are signed by the svc that issued them). The host's answer
 * comes back as it is, streamed, but for a refusal of the seat token, which names that token,
 * and a host that does not answer, a 503 naming it.
 */
export async function forwardToHost(
  ctx: AppContext,
  target: SeatTarget,
  request: SeatRequest,
): Promise<Response> {
  const query = new URLSearchParams(request.query);
  query.delete("grant");
  const headers: Record<string, string> = {};
  for (const name of PASSED_ON) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  let body = request.body;
  if (request.projectIn === "query") query.set("project", target.projectId);
  else {
    body = withProjectId(body instanceof Uint8Array ? body : null, target.projectId);
    headers["content-type"] = "application/json";
    delete headers["content-length"];
  }
  headers.authorization = `Bearer ${target.token}`;
  headers["x-svc-seat"] = ctx.hosts.identity.hostname;
  const search = query.toString();
  let answer: Response;
  try {
    answer = await sendToHost({
      url: `${target.url.replace(/\/+$/, "")}${request.path}${search ? `?${search}` : ""}`,
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? null : body,
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (error) {
    if (error instanceof HostUnreachable) throw unanswered(ctx, target, error.reason);
    throw error;
  }
  if (answer.status === 401 || answer.status === 403) {
    // The host's guard answers 401, and 403 naming the token (its scopes, its IP allowlist), for
    // the seat token; other 403s (the free tier, a denied folder) are the request's own.
    const text = await answer.text();
    const detail = detailOf(text);
    if (answer.status === 401 || /\btoken\b/.test(detail)) throw refusedToken(target, answer.status, detail);
    return rebuilt(answer, text);
  }
  return new Response(answer.body, { status: answer.status, headers: endToEnd(answer.headers) });
}

function endToEnd(headers: Headers): Headers {
  const passed = new Headers();
  for (const [name, value] of headers) if (!HOP_BY_HOP.has(name)) passed.append(name, value);
  return passed;
}

/** A refusal whose body was read to judge it, answered as the host gave it. */
function rebuilt(answer: Response, text: string): Response {
  const headers = endToEnd(answer.headers);
  headers.delete("content-length");
  return new Response(text, { status: answer.status, headers });
}

/**
 * Calls an MCP tool for a seat project on the host's MCP endpoint with the seat token, the
 * project named by its id: the answer is the host's own.
 */
export async function callToolOnHost(
  ctx: AppContext,
  target: SeatTarget,
  tool: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  if (target.mcpUrl === null) throw unanswered(ctx, target, "its lease names no MCP endpoint");
  try {
    return await callHostTool({
      mcpUrl: target.mcpUrl,
      token: target.token,
      tool,
      args: { ...args, project: target.projectId },
      clientVersion: ctx.version,
    });
  } catch (error) {
    if (error instanceof HostUnreachable) throw unanswered(ctx, target, error.reason);
    if (error instanceof HostRefused && (error.status === 401 || error.status === 403))
      throw refusedToken(target, error.status, error.message);
    throw error;
  }
}
