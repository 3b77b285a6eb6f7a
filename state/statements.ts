import type Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
import type { Db } from "./db.js";

export type Statement = Database.Statement<unknown[]>;

/**
 * Prepared statements of one connection, compiled once per SQL text. Compiling cost more than
 * running most of svc's queries, and statements prepared per call (about 4 kB of native memory
 * each) piled up until a full garbage collection. Filters combine into many SQL texts, so past
 * `max` the least recently used are dropped.
 */
export class StatementCache {
  private readonly statements: LRUCache<string, Statement>;

  constructor(
    private readonly db: Db,
    max = 200,
  ) {
    this.statements = new LRUCache({ max });
  }

  /** The statement for `sql`; `raw` ones return rows as arrays. */
  get(sql: string, raw = false): Statement {
    const key = `${raw ? "raw" : "obj"}:${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (raw) statement.raw(true);
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/**
 * Base of every repository: its statements are compiled once per connection, not on every call
 * (a token lookup runs on every authenticated request).
 */
export abstract class Repository {
  private readonly statements: StatementCache;

  constructor(protected readonly db: Db) {
    this.statements = new StatementCache(db);
  }

  protected prepare(sql: string, raw = false): Statement {
    return this.statements.get(sql, raw);
  }

  /** The one number a counting query answers (its first column). */
  protected countOf(sql: string, params: readonly unknown[] = []): number {
    return (this.prepare(sql, true).get(...params) as [number])[0];
  }
}
