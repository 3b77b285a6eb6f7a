import { z } from "zod";
import { UserError } from "../../domain/errors.js";
import { ACCESS } from "../../domain/scopes.js";
import {
  createToken,
  listTokens,
  revokeToken,
  showToken,
  TOKEN_BODY,
  TokenFieldError,
} from "../../library/access/tokens.js";
import { readJson } from "../body.js";
import { pathSegment } from "../caller.js";
import { jsonResponse } from "../errors.js";
import { TOKEN, TOKEN_CREATED, TOKEN_LIST, TOKEN_REVOKED } from "../responses.js";
import type { RouteDef } from "./types.js";

// A name, a dozen scopes and a few address ranges.
const MAX_TOKEN_BODY = 16 * 1024;

const ID_PARAMS = z.object({ id: z.string().describe("The token's id, as `svc token list` shows it") });

export const tokenRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/tokens",
    scopes: ACCESS.admin,
    handler: (_event, { ctx }) => ({ tokens: listTokens(ctx.registry) }),
    doc: {
      summary: "Every token with its status, scopes and allowlist; never a secret or its hash",
      response: TOKEN_LIST,
    },
  },
  {
    method: "POST",
    path: "/api/tokens",
    scopes: ACCESS.admin,
    handler: async (event, { ctx }) => {
      const body = await readJson(event, TOKEN_BODY, MAX_TOKEN_BODY);
      try {
        const { token, secret } = createToken(ctx.registry, {
          name: body.name,
          scopes: body.scopes,
          ...(body.ip_allowlist === undefined ? {} : { ipAllowlist: body.ip_allowlist }),
          ...(body.expires_in_days === undefined ? {} : { expiresInDays: body.expires_in_days }),
        });
        ctx.log.info({ token_id: token.id, name: token.name, scopes: token.scopes }, "token created");
        return jsonResponse(201, { ...token, secret });
      } catch (error) {
        // The CLI's message, prefixed with the field the way a malformed body's 422 names it.
        if (error instanceof TokenFieldError) {
          throw new UserError(`${error.field}: ${error.message}`, error.exitCode, 422);
        }
        throw error;
      }
    },
    doc: {
      summary: "Issues a token; its secret is in this answer only and cannot be recovered later",
      body: TOKEN_BODY,
      response: TOKEN_CREATED,
      status: [201],
    },
  },
  {
    method: "GET",
    path: "/api/tokens/:id",
    scopes: ACCESS.admin,
    handler: (event, { ctx }) => showToken(ctx.registry, pathSegment(event, "id")),
    doc: { summary: "One token's public fields", params: ID_PARAMS, response: TOKEN, errors: [404] },
  },
  {
    method: "DELETE",
    path: "/api/tokens/:id",
    scopes: ACCESS.admin,
    handler: (event, { ctx }) => {
      const { token, alreadyRevoked } = revokeToken(ctx.registry, pathSegment(event, "id"));
      if (!alreadyRevoked) ctx.log.info({ token_id: token.id }, "token revoked");
      return { token, already_revoked: alreadyRevoked };
    },
    doc: {
      summary: "Revokes a token at once; revoking it again changes nothing (already_revoked)",
      params: ID_PARAMS,
      response: TOKEN_REVOKED,
      errors: [404],
    },
  },
];
