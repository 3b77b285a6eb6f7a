import { z } from "zod";
import { SCOPES } from "../scopes.js";
import { nullableString, timestamp } from "./common.js";

/** What may be shown about a token: never its secret, never its hash. */
export const TOKEN = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(SCOPES)),
    ip_allowlist: z
      .array(z.string())
      .describe("CIDR ranges the token is accepted from; empty for any address"),
    created_at: timestamp,
    expires_at: nullableString,
    revoked_at: nullableString,
    last_used_at: nullableString.describe("Updated at most once a minute"),
    bootstrap: z.boolean().describe("Seeded from SVC_ADMIN_BOOTSTRAP_TOKEN"),
    status: z.enum(["active", "revoked", "expired"]),
  })
  .meta({ id: "Token" });
export type TokenInfo = z.infer<typeof TOKEN>;

export const TOKEN_LIST = z.object({ tokens: z.array(TOKEN) });
export const TOKEN_CREATED = TOKEN.extend({
  secret: z.string().describe("Shown in this answer only; only its SHA-256 is kept"),
});
export const TOKEN_REVOKED = z.object({ token: TOKEN, already_revoked: z.boolean() });

/** The answer of `POST /api/stream/grant`. */
export const STREAM_GRANT = z.object({
  url: z.string().describe("A path of /api/stream on this server, grant included when one is needed"),
  expires_at: nullableString.describe("When the grant stops playing; null when the caller needs none"),
});
export type IssuedGrant = z.infer<typeof STREAM_GRANT>;

const DECISION = z.object({ allowed: z.boolean(), reason: z.string() });

export const ENTITLEMENTS = z.object({
  tier: z.enum(["free", "pro"]),
  armed: z.boolean().describe("Whether the free-tier limits are enforced on this installation"),
  grandfathered: z.boolean(),
  projects: z.object({ used: z.int(), allowed: z.int().nullable().describe("null: no limit") }),
  can_add_project: DECISION,
  cross_project: DECISION,
  project_root_unregistered: z
    .boolean()
    .optional()
    .describe("PROJECT_ROOT's project is served but could not be registered (the project limit)"),
  licence: z.object({ licence_id: z.string(), holder: z.string(), expires: nullableString }).optional(),
  // Present when a licence file exists but does not count: SPEC's four reasons, plus `expired`.
  licence_problem: z.enum(["unsigned", "signature mismatch", "unknown key", "revoked", "expired"]).optional(),
  licence_detail: z.string().optional().describe("Present with licence_problem"),
});
export type EntitlementsReport = z.infer<typeof ENTITLEMENTS>;
