import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openRegistry } from "../../state/stores.js";
import { startSvc, svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";

/**
 * An error svc did not foresee is a bug or damage, never "partial" (1), which scripts read as
 * "some files failed": it exits 70 (EX_SOFTWARE) with one line and no stack trace.
 */
describe("an unexpected error in a command", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;

  afterEach(async () => {
    await ws.cleanup();
  });

  it("exits 70 with one line, and the stack only with SVC_DEBUG=1", async () => {
    ws = await tempWorkspace("svc-unexpected-");
    openRegistry(ws.home).close();
    // A registry damaged by hand: the schema version is current, the token table is gone.
    const db = new Database(`${ws.home}/registry.db`);
    db.exec("DROP TABLE tokens");
    db.close();

    const result = await svc(["token", "list"], ws.env());
    expect(result.exitCode, result.stderr).toBe(70);
    expect(result.stderr).toMatch(/^svc: unexpected error: .*no such table: tokens$/);

    const debug = await svc(["token", "list"], ws.env({ SVC_DEBUG: "1" }));
    expect(debug.exitCode).toBe(70);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });
});

describe("a reader that goes away", () => {
  it("ends svc quietly with 141, as SIGPIPE ends other tools, not with an EPIPE stack trace", async () => {
    // The read end is closed before svc writes its first byte (`svc --help | true`).
    const child = startSvc(["--help"], {});
    child.stdout?.destroy();
    const result = await child;
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(141);
  });
});
