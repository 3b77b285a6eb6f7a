import { z } from "zod";
import { readJsonColumn } from "../json-column.js";
import { Repository } from "../statements.js";

/** A stored token. `hash` is the SHA-256 of the secret (hex); the secret itself is never stored. */
export interface TokenRecord {
  id: string;
  name: string;
  hash: string;
  scopes: string[];
  ip_allowlist: string[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  is_bootstrap: boolean;
}

interface TokenRow extends Omit<TokenRecord, "scopes" | "ip_allowlist" | "is_bootstrap"> {
  scopes: string;
  ip_allowlist: string;
  is_bootstrap: number;
}

/**
 * A damaged JSON column must fail closed: no scopes, and an allowlist entry that matches no
 * address, so a corrupt row can never widen what a token may do.
 */
function stringList(json: string, onCorrupt: string[]): string[] {
  return readJsonColumn(json, STRINGS, onCorrupt);
}

const STRINGS = z.array(z.string());

function fromRow(row: TokenRow): TokenRecord {
  return {
    ...row,
    scopes: stringList(row.scopes, []),
    ip_allowlist: stringList(row.ip_allowlist, ["corrupt"]),
    is_bootstrap: row.is_bootstrap === 1,
  };
}

export class TokensRepo extends Repository {
  /** False when the row was not written: its hash exists already, or a bootstrap token does. */
  insert(record: TokenRecord): boolean {
    const result = this.prepare(
      `INSERT OR IGNORE INTO tokens
           (id, name, hash, scopes, ip_allowlist, created_at, expires_at, revoked_at, last_used_at, is_bootstrap)
         VALUES
           (@id, @name, @hash, @scopes, @ip_allowlist, @created_at, @expires_at, @revoked_at, @last_used_at, @is_bootstrap)`,
    ).run({
      ...record,
      scopes: JSON.stringify(record.scopes),
      ip_allowlist: JSON.stringify(record.ip_allowlist),
      is_bootstrap: record.is_bootstrap ? 1 : 0,
    });
    return result.changes > 0;
  }

  all(): TokenRecord[] {
    const rows = this.prepare("SELECT * FROM tokens ORDER BY created_at, id").all() as TokenRow[];
    return rows.map(fromRow);
  }

  byId(id: string): TokenRecord | undefined {
    const row = this.prepare("SELECT * FROM tokens WHERE id = ?").get(id) as TokenRow | undefined;
    return row && fromRow(row);
  }

  byHash(hash: string): TokenRecord | undefined {
    const row = this.prepare("SELECT * FROM tokens WHERE hash = ?").get(hash) as TokenRow | undefined;
    return row && fromRow(row);
  }

  hasBootstrap(): boolean {
    return this.prepare("SELECT 1 FROM tokens WHERE is_bootstrap = 1").get() !== undefined;
  }

  /** Marks a token revoked; an already revoked token keeps its original time. */
  revoke(id: string, at: string): boolean {
    return (
      this.prepare("UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(at, id)
        .changes > 0
    );
  }

  touch(id: string, at: string): void {
    this.prepare("UPDATE tokens SET last_used_at = ? WHERE id = ?").run(at, id);
  }
}
