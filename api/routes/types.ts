import type { H3Event, HTTPMethod } from "h3";
import type { z } from "zod";
import type { Scope } from "../../domain/scopes.js";
import type { StreamGrants } from "../../library/access/stream-grants.js";
import type { AppContext } from "../../library/context.js";
import type { IngestJobs } from "../../library/jobs/ingest-job.js";
import type { JobRunner } from "../../library/jobs/runner.js";
import type { LibraryPool } from "../../library/library-pool.js";
import type { OffloadJobs } from "../../library/offload/jobs.js";
import type { EditorProxies } from "../../library/proxy/editor-jobs.js";
import type { SyncJobs } from "../../library/sync/job.js";
import type { SampleSeeder } from "../../library/system/sample.js";
import type { Retranscriber } from "../../library/transcripts/retranscribe.js";

export interface ApiDeps {
  readonly ctx: AppContext;
  readonly libraries: LibraryPool;
  /** Runs the background work below; its stop at shutdown ends all of it. */
  readonly runner: JobRunner;
  /** Ingest passes started over the API. */
  readonly jobs: IngestJobs;
  /** Editor proxy work. */
  readonly editorProxies: EditorProxies;
  /** Card offloads. */
  readonly offloads: OffloadJobs;
  /** The bundled sample library's seeding. */
  readonly sample: SampleSeeder;
  /** Speech recognition again over a whole project. */
  readonly retranscribe: Retranscriber;
  /** Sound sync runs. */
  readonly sync: SyncJobs;
  /** Signs and checks stream grants; its key dies with the process. */
  readonly streamGrants: StreamGrants;
}

/**
 * One row of the route table. The guard, the app and the auth-matrix test all read this table,
 * so a route cannot exist without saying which scopes it needs.
 */
export interface RouteDef {
  readonly method: HTTPMethod;
  /** h3 pattern, e.g. `/api/media/:id`. */
  readonly path: string;
  /** null only for the unauthenticated health check; otherwise any one of these (admin implies all). */
  readonly scopes: readonly Scope[] | null;
  readonly handler: (event: H3Event, deps: ApiDeps) => unknown;
  /**
   * The route also takes a stream grant (`grant` query parameter, from POST /api/stream/grant) in
   * place of an Authorization header: for a `<video>` element, which cannot send one.
   */
  readonly grant?: true;
  /**
   * The route answers with media bytes or a picture of the library (thumbnail, key frame, stream).
   * Every answer carries `Cross-Origin-Resource-Policy: same-origin`, and a cross-site request
   * trusted by its address alone is refused: otherwise any web page open on this machine could
   * load the library's pictures and media in an <img> or <video> and learn from them.
   */
  readonly media?: true;
  /**
   * A route that names a project but answers on a seat itself rather than forwarding to the
   * project's host (library/hosting/forward.ts): a stream grant is signed by the svc the player
   * talks to, and bins live in the caller's own registry.
   */
  readonly seat?: "local";
  /**
   * What the OpenAPI description says of this route. Optional in the type so a route can be
   * merged before its entry is written, but test/integration/openapi.test.ts fails while any
   * route of the table has none.
   */
  readonly doc?: RouteDoc;
}

/**
 * A response or request body of bytes rather than JSON: its media type, or every one it can be
 * where it is one of several (a stream sends the file's own type).
 */
export interface FileBody {
  readonly file: string | readonly string[];
  /** A request body also taken as a multipart/form-data form whose fields of these names carry a file. */
  readonly formFiles?: readonly string[];
}

/**
 * The documentation of one route, built from the same zod schemas the handler validates with
 * (`query`, `body`) and one describing what it answers (`response`). Scopes, path parameters and
 * the guard's refusals come from the route itself.
 */
export interface RouteDoc {
  readonly summary: string;
  readonly description?: string;
  /** Path parameters; each `:name` of the path not named here is documented as a string. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType | FileBody;
  /** The success answer: a zod schema for JSON, `{ file }` for bytes. */
  readonly response: z.ZodType | FileBody;
  /** Success statuses answered with `response`; 200 when omitted. */
  readonly status?: readonly number[];
  /** Success statuses answered with no body at all (204), each with what it means. */
  readonly empty?: Readonly<Record<number, string>>;
  /**
   * Failure statuses the route answers besides those its inputs give it (api/openapi.ts): 401/403
   * when guarded, 422 always (the query string), 404 with path parameters, 404 and 503 when it
   * takes a project, 413 with a body and 415 with a JSON body.
   */
  readonly errors?: readonly number[];
  /** The route can answer the structured free-tier refusal (403, `detail: {code, message}`). */
  readonly entitlement?: true;
}
