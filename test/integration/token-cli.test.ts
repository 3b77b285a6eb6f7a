import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyToken } from "../../library/access/tokens.js";
import { openRegistry } from "../../state/stores.js";
import { startServe, svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
let env: Record<string, string>;
beforeAll(async () => {
  ws = await tempWorkspace("svc-token-cli-");
  env = { SVC_HOME: ws.home };
});
afterAll(async () => {
  await ws.cleanup();
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at /);

function verify(secret: string) {
  const registry = openRegistry(ws.home);
  try {
    return verifyToken(registry, secret);
  } finally {
    registry.close();
  }
}

describe("svc token", () => {
  it("creates a token and prints its secret once, on its own line, with the id", async () => {
    const res = await svc(
      ["token", "create", "--name", "review bay", "--scopes", "videos_read,media_read"],
      env,
    );
    expect(res.exitCode, res.stderr).toBe(0);
    const [secret, idLine] = res.stdout.trimEnd().split("\n");
    expect(secret).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(idLine).toMatch(/^id: [0-9a-f]{12}$/);
    expect(res.stderr).toMatch(/shown only once/);
    expect(verify(secret ?? "")).toMatchObject({ ok: true, token: { name: "review bay" } });
  });

  it("creates with --json, an allowlist and an expiry", async () => {
    const res = await svc(
      [
        "token",
        "create",
        "--name",
        "ingest",
        "--scopes",
        "ingest_write",
        "--ip-allowlist",
        "10.0.0.0/8, ::ffff:192.168.1.20",
        "--expires-in",
        "30",
        "--json",
      ],
      env,
    );
    expect(res.exitCode, res.stderr).toBe(0);
    const body = JSON.parse(res.stdout) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "ingest",
      scopes: ["ingest_write"],
      ip_allowlist: ["10.0.0.0/8", "192.168.1.20/32"],
      status: "active",
      secret: expect.stringMatching(/^svc_/),
    });
    const days = (Date.parse(String(body.expires_at)) - Date.parse(String(body.created_at))) / 86_400_000;
    expect(days).toBe(30);
  });

  it("lists and shows tokens without ever printing a secret or a hash", async () => {
    const created = await svc(["token", "create", "--name", "secretive", "--scopes", "admin", "--json"], env);
    const { id, secret } = JSON.parse(created.stdout) as { id: string; secret: string };
    const outputs = await Promise.all([
      svc(["token", "list"], env),
      svc(["token", "list", "--json"], env),
      svc(["token", "show", id], env),
      svc(["token", "show", id, "--json"], env),
    ]);
    for (const res of outputs) {
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout).not.toContain(secret);
      expect(res.stdout).not.toContain(sha256(secret));
      expect(res.stdout).not.toMatch(/svc_[A-Za-z0-9_-]{20,}/);
      expect(res.stdout).not.toMatch(/hash/i);
    }
    const [list, listJson, show, showJson] = outputs.map((r) => r.stdout);
    expect(list).toMatch(new RegExp(`^${id}\\tsecretive\\tactive\\tadmin\\tnever$`, "m"));
    expect(JSON.parse(listJson ?? "[]")).toContainEqual(expect.objectContaining({ id, name: "secretive" }));
    expect(show).toMatch(/^status:\s+active$/m);
    expect(JSON.parse(showJson ?? "{}")).toMatchObject({ id, scopes: ["admin"], bootstrap: false });
  });

  it("revokes a token, idempotently, and the secret stops working", async () => {
    const created = await svc(
      ["token", "create", "--name", "leaving", "--scopes", "chat_read", "--json"],
      env,
    );
    const { id, secret } = JSON.parse(created.stdout) as { id: string; secret: string };
    const revoked = await svc(["token", "revoke", id], env);
    expect(revoked.exitCode, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`token ${id} ("leaving") revoked`);
    expect((await svc(["token", "revoke", id], env)).stdout).toMatch(/already revoked/);
    expect(JSON.parse((await svc(["token", "show", id, "--json"], env)).stdout)).toMatchObject({
      status: "revoked",
    });
    expect(verify(secret)).toEqual({ ok: false, reason: "revoked" });
  });

  it.each([
    [["token"], /missing token action/],
    [["token", "rotate"], /unknown token action "rotate"/],
    [["token", "create", "--scopes", "admin"], /--name is required/],
    [["token", "create", "--name", "x"], /--scopes is required/],
    [["token", "create", "--name", "x", "--scopes", "admin,root"], /unknown scope "root"/],
    [
      ["token", "create", "--name", "x", "--scopes", "admin", "--ip-allowlist", "10.0.0.0/40"],
      /10\.0\.0\.0\/40/,
    ],
    [["token", "create", "--name", "x", "--scopes", "admin", "--expires-in", "soon"], /--expires-in/],
    [["token", "create", "--name", "x", "--scopes", "admin", "--expires-in", "0"], /1 to 3650/],
    [["token", "create", "--name", "x", "--scopes", "admin", "--bogus"], /bogus/],
    [["token", "list", "--name", "x"], /--name does not apply/],
    [["token", "show"], /needs one token id/],
    [["token", "revoke", "a", "b"], /needs one token id/],
    [["token", "show", "000000000000"], /no token with id "000000000000"/],
    [["token", "revoke", "000000000000"], /no token with id/],
  ])("refuses %j with exit 2 and a clear message", async (args, message) => {
    const res = await svc(args, env);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(message);
    noStackTrace(res.stderr);
  });

  it("is listed in the help", async () => {
    const res = await svc(["help"], env);
    expect(res.stdout).toMatch(/svc token create/);
  });
});

describe("the bootstrap token", () => {
  const bootstrap = "bootstrap-secret-for-the-cli-test-0123456789";

  async function withDaemon(extra: Record<string, string>, body: (url: string) => Promise<void>) {
    const daemon = await startServe({
      SVC_HOME: ws.home,
      SVC_PORT: "0",
      SVC_MCP_PORT: "0",
      SVC_TRUST_LOOPBACK: "0",
      ...extra,
    });
    try {
      await body(daemon.url);
    } finally {
      daemon.child.kill("SIGTERM");
      await daemon.child;
    }
    expect(daemon.stdout()).not.toContain(bootstrap);
  }

  const version = (url: string, secret?: string) =>
    fetch(new URL("/api/version", url), secret ? { headers: { authorization: `Bearer ${secret}` } } : {});

  it("is seeded once from SVC_ADMIN_BOOTSTRAP_TOKEN, survives restarts, and stays revoked", async () => {
    await withDaemon({ SVC_ADMIN_BOOTSTRAP_TOKEN: bootstrap }, async (url) => {
      expect((await version(url)).status).toBe(401);
      expect((await version(url, bootstrap)).status).toBe(200);
    });
    await withDaemon({ SVC_ADMIN_BOOTSTRAP_TOKEN: bootstrap }, async (url) => {
      expect((await version(url, bootstrap)).status).toBe(200);
    });
    const list = JSON.parse((await svc(["token", "list", "--json"], env)).stdout) as {
      id: string;
      bootstrap: boolean;
      scopes: string[];
    }[];
    const seeded = list.filter((t) => t.bootstrap);
    expect(seeded).toHaveLength(1);
    expect(seeded[0]?.scopes).toEqual(["admin"]);

    expect((await svc(["token", "revoke", seeded[0]?.id ?? ""], env)).exitCode).toBe(0);
    await withDaemon({ SVC_ADMIN_BOOTSTRAP_TOKEN: bootstrap }, async (url) => {
      const res = await version(url, bootstrap);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: "token has been revoked" });
    });
    const after = JSON.parse((await svc(["token", "list", "--json"], env)).stdout) as {
      bootstrap: boolean;
    }[];
    expect(after.filter((t) => t.bootstrap)).toHaveLength(1);
  }, 120_000);
});
