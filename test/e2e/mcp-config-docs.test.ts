import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClips } from "../support/chat.js";
import { CLI, type ServeChild, startServe, svc } from "../support/cli.js";
import { OFFLINE } from "../support/env.js";
import { callTool } from "../support/mcp.js";
import { tempWorkspace } from "../support/temp.js";

const PAGE = join(import.meta.dirname, "..", "..", "docs", "mcp.md");

interface ServerEntry {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  type?: string;
  url?: string;
  headers?: Record<string, string>;
}

/** The `mcpServers.svc` entry of the JSON block that follows `<!-- mcp-config:<name> -->` in docs/mcp.md. */
async function pageConfig(name: string): Promise<ServerEntry> {
  const text = await readFile(PAGE, "utf8");
  const match = new RegExp(`<!-- mcp-config:${name}\\b[^>]*-->\\s*\`\`\`json\\n([\\s\\S]*?)\`\`\``).exec(
    text,
  );
  if (!match?.[1]) throw new Error(`docs/mcp.md has no mcp-config:${name} block`);
  return (JSON.parse(match[1]) as { mcpServers: { svc: ServerEntry } }).mcpServers.svc;
}

describe("the MCP client set-up of docs/mcp.md works as pasted", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-mcp-docs-");
    seedClips(ws.root, [
      { name: "B007.mov", shot: "2026-05-01", duration_s: 4, scenes: [{ description: "a lighthouse" }] },
    ]);
  });
  afterAll(async () => {
    await ws?.cleanup();
  });

  it("Claude Desktop's stdio entry starts svc mcp and serves the tools", async () => {
    const entry = await pageConfig("stdio");
    expect(entry.command).toBe("svc");
    // `svc` on the PATH, as `npm install -g .` puts it there.
    const bin = join(ws.base, "bin");
    await mkdir(bin);
    await writeFile(join(bin, "svc"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    await chmod(join(bin, "svc"), 0o755);
    const transport = new StdioClientTransport({
      command: entry.command as string,
      args: entry.args,
      // The user's own folder instead of the example's; everything else as pasted.
      env: {
        ...entry.env,
        ...OFFLINE,
        PROJECT_ROOT: ws.root,
        SVC_HOME: ws.home,
        PATH: `${bin}:${process.env.PATH}`,
      },
      stderr: "pipe",
    });
    const client = new Client({ name: "claude-desktop-stand-in", version: "1" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools).toHaveLength(7);
      const recent = await callTool<{ items: { name: string }[] }>(client, "list_recent");
      expect(recent.structuredContent?.items.map((i) => i.name)).toEqual(["B007.mov"]);
    } finally {
      await client.close();
    }
  });

  describe("the Streamable HTTP entry with a bearer token", () => {
    let daemon: ServeChild;

    beforeAll(async () => {
      daemon = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_TRUST_LOOPBACK: "0" }));
    });
    afterAll(() => {
      daemon?.child.kill("SIGKILL");
    });

    it("connects with the token `svc token create` printed", async () => {
      const entry = await pageConfig("http");
      expect(entry.type).toBe("http");
      const created = await svc(
        ["token", "create", "--name", "assistant laptop", "--scopes", "videos_read"],
        ws.env(),
      );
      expect(created.exitCode, created.stderr).toBe(0);
      const secret = created.stdout.split("\n")[0] as string;
      const url = new URL(entry.url as string);
      url.port = new URL(daemon.mcpUrl).port;
      const headers = Object.fromEntries(
        Object.entries(entry.headers ?? {}).map(([k, v]) => [k, v.replace(/<the secret[^>]*>/, secret)]),
      );
      expect(headers.Authorization).toBe(`Bearer ${secret}`);
      const client = new Client({ name: "http-client-stand-in", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      try {
        const recent = await callTool<{ items: { name: string }[] }>(client, "list_recent");
        expect(recent.structuredContent?.items.map((i) => i.name)).toEqual(["B007.mov"]);
      } finally {
        await client.close();
      }
      // Without the header the same URL is refused.
      const bare = new Client({ name: "no-token", version: "1" });
      await expect(bare.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow(/401|missing token/);
    });
  });
});
