import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken, revokeToken } from "../../library/access/tokens.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeStill, makeTimecodedClip } from "../support/media.js";

interface Grant {
  url: string;
  expires_at: string | null;
}

// A <video> on another machine cannot send the token: it plays a URL that carries a grant.
describe("stream grants", () => {
  let remote: TestApi;
  let local: TestApi;
  let clip = 0;
  let still = 0;
  let original: Buffer;

  beforeAll(async () => {
    remote = await startApi({ env: { SVC_TRUST_LOOPBACK: "0" } });
    const root = remote.root as string;
    await makeTimecodedClip(root, "A001.mp4");
    await makeStill(root, "png", "still.png");
    const ingest = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: remote.home });
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    const lib = openLibrary(root);
    try {
      for (const row of lib.media.all()) {
        if (row.rel_path === "A001.mp4") clip = row.id;
        if (row.rel_path === "still.png") still = row.id;
      }
    } finally {
      lib.close();
    }
    original = await readFile(join(root, "A001.mp4"));
    local = await startApi();
  }, 60_000);

  afterAll(async () => {
    await remote?.close();
    await local?.close();
  });

  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const grantFor = async (secret: string, body: unknown) => {
    const res = await remote.request("POST", "/api/stream/grant", { headers: bearer(secret), body });
    expect(res.status, res.text).toBe(200);
    return res.json<Grant>();
  };

  it("plays the item by byte ranges without a header, for that item only, while its token stands", async () => {
    const { token, secret } = createToken(remote.registry, { name: "laptop", scopes: ["videos_read"] });
    const grant = await grantFor(secret, { id: clip });
    expect(grant.url).toMatch(new RegExp(`^/api/stream\\?id=${clip}&grant=[\\w-]+\\.[\\w-]+$`));
    const hours = (Date.parse(grant.expires_at as string) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(3.9);
    expect(hours).toBeLessThanOrEqual(4);

    const whole = await remote.request("GET", grant.url);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(original)).toBe(true);
    const part = await remote.request("GET", grant.url, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.body.equals(original.subarray(100, 200))).toBe(true);

    // The grant names one item: another id, or no grant, is refused.
    const other = await remote.request("GET", grant.url.replace(`id=${clip}`, `id=${still}`));
    expect(other.status).toBe(401);
    expect(other.json<{ detail: string }>().detail).toMatch(/another item/);
    expect((await remote.request("GET", `/api/stream?id=${clip}`)).status).toBe(401);
    // It is no credential for any other route.
    const elsewhere = await remote.request("GET", `/api/media/${clip}?${grant.url.split("&")[1]}`);
    expect(elsewhere.status).toBe(401);
    // A changed grant is refused.
    const tampered = await remote.request("GET", `${grant.url.slice(0, -2)}xx`);
    expect(tampered.status).toBe(401);
    expect(tampered.json<{ detail: string }>().detail).toMatch(/not valid/);

    revokeToken(remote.registry, token.id);
    const revoked = await remote.request("GET", grant.url);
    expect(revoked.status).toBe(401);
    expect(revoked.json<{ detail: string }>().detail).toMatch(
      /token this stream grant was issued to has been revoked/,
    );
  });

  it("keeps the grant out of the log", async () => {
    const { secret } = createToken(remote.registry, { name: "logged", scopes: ["media_read"] });
    const grant = await grantFor(secret, { id: still });
    expect((await remote.request("GET", grant.url)).status).toBe(200);
    const signature = grant.url.split(".").at(-1) as string;
    const tail = await remote.request("GET", "/api/logs/tail?lines=50", {
      headers: bearer(createToken(remote.registry, { name: "admin", scopes: ["admin"] }).secret),
    });
    expect(tail.status).toBe(200);
    expect(tail.text).toContain("grant=[redacted]");
    expect(tail.text).not.toContain(signature);
  });

  it("refuses an unknown item, a bad body and a caller without the scope; a local caller needs no grant", async () => {
    const { secret } = createToken(remote.registry, { name: "reader", scopes: ["videos_read"] });
    const missing = await remote.request("POST", "/api/stream/grant", {
      headers: bearer(secret),
      body: { id: 999_999 },
    });
    expect(missing.status).toBe(404);
    for (const body of [{}, { id: "1" }, { id: -1 }, { id: clip, extra: true }]) {
      const res = await remote.request("POST", "/api/stream/grant", { headers: bearer(secret), body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const chat = createToken(remote.registry, { name: "chat only", scopes: ["chat_read"] }).secret;
    expect(
      (await remote.request("POST", "/api/stream/grant", { headers: bearer(chat), body: { id: clip } }))
        .status,
    ).toBe(403);
    expect((await remote.request("POST", "/api/stream/grant", { body: { id: clip } })).status).toBe(401);

    await makeStill(local.root as string, "png", "here.png");
    const ingest = await svc(["ingest"], { PROJECT_ROOT: local.root as string, SVC_HOME: local.home });
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    const here = await local.request("POST", "/api/stream/grant", { body: { id: 1 } });
    expect(here.status, here.text).toBe(200);
    expect(here.json<Grant>()).toEqual({ url: "/api/stream?id=1", expires_at: null });
  });
});
