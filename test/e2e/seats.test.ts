import { copyFile, mkdir } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../../library/access/tokens.js";
import { startApi, type TestApi } from "../support/api.js";
import { type ServeChild, startServe, svc } from "../support/cli.js";
import { callTool, connectMcp } from "../support/mcp.js";
import { makeStill, makeTimecodedClip } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");

interface Item {
  id: number;
  name: string;
  status: string;
  rating: string | null;
  thumbnail_url: string | null;
}

interface ProjectRow {
  name: string;
  id: string | null;
  role: "host" | "seat";
  host: { name: string; url: string | null } | null;
  storage: string;
  file_system: string;
  journal_mode: string;
  health: { database_readable: boolean; items: number | null };
}

/** Issues a token on the host's registry (its SVC_HOME), as its admin would with `svc token create`. */
async function hostToken(home: string, name: string, scopes: string): Promise<string> {
  const made = await svc(["token", "create", "--name", name, "--scopes", scopes, "--json"], {
    SVC_HOME: home,
  });
  expect(made.exitCode, made.stderr).toBe(0);
  return (JSON.parse(made.stdout) as { secret: string }).secret;
}

// Two svc on one machine as two hosts: different SVC_HOME and machine id. The first, a real
// `svc serve`, takes the project's lease and ingests; the seats (the API in-process, as `svc
// serve` composes it) answer for the project by asking it. One story, in order: the host is
// killed in the last case.
describe.skipIf(!hasTools)("a seat forwards to the project's library host", { shuffle: false }, () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: ServeChild;
  let seat: TestApi;
  let readOnlySeat: TestApi;
  let tokenlessSeat: TestApi;
  let items: Item[] = [];
  let seatToken = "";
  let hostMcp: Client;
  let seatMcp: Client;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-seats-");
    const fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    await copyFile(await makeTimecodedClip(fixtures, "a001.mp4", { seconds: 2 }), join(ws.root, "a001.mp4"));
    await copyFile(await makeStill(fixtures, "png"), join(ws.root, "still.png"));
    seatToken = await hostToken(ws.home, "seat-edit-2", "videos_read,videos_write");
    const readOnlyToken = await hostToken(ws.home, "seat-review", "videos_read");
    host = await startServe(
      ws.env({ SVC_MACHINE_ID: "edit-1", SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_WATCH_SETTLE_MS: "300" }),
    );
    items = await until("the host's ingest", async () => {
      const page = (await (await fetch(new URL("/api/media", host.url))).json()) as { items: Item[] };
      return page.items.length === 2 && page.items.every((i) => i.status === "done") ? page.items : undefined;
    });
    const seatEnv = (extra: Record<string, string>) => ({
      projectRoot: ws.root,
      mcp: true,
      env: { SVC_MACHINE_ID: "edit-2", ...extra },
    });
    seat = await startApi(seatEnv({ SVC_SEAT_TOKEN: seatToken }));
    readOnlySeat = await startApi(seatEnv({ SVC_SEAT_TOKEN: readOnlyToken }));
    tokenlessSeat = await startApi(seatEnv({}));
    hostMcp = await connectMcp(host.mcpUrl, "streamable");
    seatMcp = await connectMcp(seat.mcpUrl ?? "", "streamable");
  }, 120_000);

  afterAll(async () => {
    await Promise.all([hostMcp?.close(), seatMcp?.close()]);
    await Promise.all([seat?.close(), readOnlySeat?.close(), tokenlessSeat?.close()]);
    if (host && host.child.exitCode === null) host.child.kill("SIGKILL");
    await ws?.cleanup();
  });

  const clip = () => items.find((i) => i.name === "a001.mp4") as Item;

  it("shows each side's role, the host and the storage in GET /api/projects", async () => {
    const onHost = (await (await fetch(new URL("/api/projects", host.url))).json()) as {
      projects: ProjectRow[];
    };
    const onSeat = (await seat.request("GET", "/api/projects")).json<{ projects: ProjectRow[] }>();
    const [h] = onHost.projects;
    const [s] = onSeat.projects;
    const hostUrl = new URL(host.url).origin;
    expect(h).toMatchObject({ role: "host", host: { name: hostname(), url: hostUrl }, storage: "local" });
    expect(h?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(h?.journal_mode).toBe("wal");
    expect(s).toMatchObject({ id: h?.id, role: "seat", host: { name: hostname(), url: hostUrl } });
    expect(s?.file_system).toBe(h?.file_system);
    // A seat never opens a database another svc hosts, not even to count its items.
    expect(s?.health).toMatchObject({ database_readable: false, items: null });
  });

  it("lists and searches the host's library", async () => {
    const listed = await seat.request("GET", "/api/media");
    expect(listed.status, listed.text).toBe(200);
    expect(
      listed
        .json<{ items: Item[] }>()
        .items.map((i) => i.id)
        .sort(),
    ).toEqual(items.map((i) => i.id).sort());
    const found = await seat.request("GET", "/api/media?q=a001");
    expect(found.status, found.text).toBe(200);
    expect(found.json<{ items: Item[] }>().items.map((i) => i.name)).toContain("a001.mp4");
  });

  // As the host answers the seat token: without its own absolute paths, which mean nothing where
  // the seat mounts the share.
  it("exports an EDL and an FCPXML the host makes", async () => {
    for (const fmt of ["edl", "fcpxml"]) {
      const path = `/api/export/timeline/${fmt}?ids=${clip().id}`;
      const fromSeat = await seat.request("GET", path);
      const fromHost = await fetch(new URL(path, host.url), {
        headers: { authorization: `Bearer ${seatToken}` },
      });
      expect(fromSeat.status, fromSeat.text).toBe(200);
      expect(fromSeat.headers["content-type"]).toBe(fromHost.headers.get("content-type"));
      expect(fromSeat.headers["content-disposition"]).toBe(fromHost.headers.get("content-disposition"));
      expect(fromSeat.text).toBe(await fromHost.text());
    }
  });

  it("serves thumbnails, and streams byte ranges under a grant it issued itself", async () => {
    const thumb = await seat.request("GET", clip().thumbnail_url ?? "");
    expect(thumb.status).toBe(200);
    expect(thumb.headers["content-type"]).toMatch(/^image\//);
    expect(thumb.body.byteLength).toBeGreaterThan(100);

    const { secret } = createToken(seat.registry, { name: "editor", scopes: ["videos_read"] });
    const auth = { authorization: `Bearer ${secret}` };
    const granted = await seat.request("POST", "/api/stream/grant", {
      headers: auth,
      body: { id: clip().id },
    });
    expect(granted.status, granted.text).toBe(200);
    const { url } = granted.json<{ url: string }>();
    expect(url).toMatch(/grant=/);
    const ranged = await seat.request("GET", url, { headers: { range: "bytes=0-99" } });
    expect(ranged.status, ranged.text).toBe(206);
    expect(ranged.headers["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.headers["accept-ranges"]).toBe("bytes");
    expect(ranged.body.byteLength).toBe(100);
    const forged = await seat.request("GET", url.replace(/grant=[^&]+/, "grant=forged"));
    expect(forged.status).toBe(401);
  });

  it("forwards writes, which land on the host", async () => {
    const id = clip().id;
    const marked = await seat.request("PATCH", `/api/media/${id}/rating`, { body: { rating: "good" } });
    expect(marked.status, marked.text).toBe(200);
    const onHost = (await (await fetch(new URL(`/api/media/${id}`, host.url))).json()) as Item;
    expect(onHost.rating).toBe("good");
  });

  it("passes on the host's refusal of a seat token that lacks the scope, naming that token", async () => {
    const read = await readOnlySeat.request("GET", "/api/media");
    expect(read.status).toBe(200);
    const write = await readOnlySeat.request("PATCH", `/api/media/${clip().id}/rating`, {
      body: { rating: "bad" },
    });
    expect(write.status).toBe(403);
    expect(write.json<{ detail: string }>().detail).toMatch(
      /refused this seat's token \(SVC_SEAT_TOKEN\).*scope/,
    );
  });

  it("answers 503 without a seat token, saying where the host is and what to set", async () => {
    const res = await tokenlessSeat.request("GET", "/api/media");
    expect(res.status).toBe(503);
    const { detail } = res.json<{ detail: string }>();
    expect(detail).toContain(new URL(host.url).origin);
    expect(detail).toMatch(/SVC_SEAT_TOKEN/);
    expect(detail).toMatch(/svc token create --name seat-/);
  });

  it("lists a seat project in a search across projects' errors instead of opening its database", async () => {
    seat.registry.install.grandfather();
    const res = await seat.request("GET", "/api/search/all?q=a001");
    expect(res.status, res.text).toBe(200);
    const body = res.json<{ items: unknown[]; errors: { project: string; detail: string }[] }>();
    expect(body.items).toEqual([]);
    expect(body.errors[0]?.detail).toMatch(/hosted by .* this svc is a seat for it/);
  });

  it("answers MCP tools with the host's own answers", async () => {
    for (const [tool, args] of [
      ["search_media", { query: "a001" }],
      ["get_media", { media_id: clip().id }],
      ["library_stats", {}],
    ] as const) {
      const fromSeat = await callTool(seatMcp, tool, args);
      const fromHost = await callTool(hostMcp, tool, args);
      expect(fromSeat.isError ?? false, JSON.stringify(fromSeat.content)).toBe(false);
      expect(fromSeat.structuredContent).toEqual(fromHost.structuredContent);
    }
  });

  it("answers 503 naming the host, never 500, once the host is gone", async () => {
    host.child.kill("SIGKILL");
    await host.child;
    const res = await seat.request("GET", "/api/media");
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    const { detail } = res.json<{ detail: string }>();
    expect(detail).toContain(`hosted by ${hostname()} at ${new URL(host.url).origin}, which does not answer`);
    const tool = await callTool(seatMcp, "list_recent", {});
    expect(tool.isError).toBe(true);
  });
});
