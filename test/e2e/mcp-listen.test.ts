import { createServer, type Server } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServe, svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";

describe("svc serve's MCP listener", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let taken: Server;
  let takenPort: number;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-mcp-listen-");
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    takenPort = (taken.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => taken.close(resolve));
    await ws?.cleanup();
  });

  it("exits 2 naming SVC_MCP_PORT when that port is taken", async () => {
    const result = await svc(["serve"], ws.env({ SVC_PORT: "0", SVC_MCP_PORT: String(takenPort) }), 30_000);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`cannot listen on 127\\.0\\.0\\.1:${takenPort} \\(EADDRINUSE\\); set SVC_MCP_PORT`),
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("lists every address both listeners can be reached at when bound beyond loopback", async () => {
    const daemon = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_BIND_HOST: "0.0.0.0" }));
    try {
      const { listening } = daemon;
      const port = new URL(daemon.mcpUrl).port;
      const ipv4 = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a?.family === "IPv4")
        .map((a) => `http://${a?.address}:${port}/mcp`);
      expect(listening.mcp.sort()).toEqual([...new Set(ipv4)].sort());
      expect(listening.api.every((u) => u.endsWith("/api/"))).toBe(true);
      // Reached through the listed loopback URL, the listener answers.
      const loopback = listening.mcp.find((u) => u.startsWith("http://127.0.0.1:")) as string;
      const answer = await fetch(loopback, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toMatch(/get_transcript/);
    } finally {
      daemon.child.kill("SIGKILL");
    }
  });
});
