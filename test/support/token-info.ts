import type { TokenInfo } from "../../domain/schemas/access.js";

/** An active `videos_read` token as the token store describes one, with `overrides`. */
export function tokenInfo(overrides: Partial<TokenInfo> = {}): TokenInfo {
  return {
    id: "t1",
    name: "test",
    scopes: ["videos_read"],
    ip_allowlist: [],
    created_at: "2030-01-01T00:00:00.000Z",
    expires_at: null,
    revoked_at: null,
    last_used_at: null,
    bootstrap: false,
    status: "active",
    ...overrides,
  };
}
