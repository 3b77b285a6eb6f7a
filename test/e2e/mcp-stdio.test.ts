import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { seedClips } from "../support/chat.js";
import { type SvcChild, startSvc, svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

type Message = {
  jsonrpc: string;
  id?: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
};

/** `svc mcp` as a client starts it, spoken to line by line in raw JSON-RPC. */
function startMcp(env: Record<string, string>) {
  const child = startSvc(["mcp"], env, { stdin: "pipe" });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const lines = () => out.split("\n").filter((l) => l !== "");
  return {
    child,
    send: (frame: unknown) =>
      child.stdin?.write(`${typeof frame === "string" ? frame : JSON.stringify(frame)}\n`),
    stdoutLines: lines,
    stderr: () => err,
    answer: (id: number) =>
      until(`the answer to request ${id}`, () =>
        lines()
          .map((l) => JSON.parse(l) as Message)
          .find((m) => m.id === id),
      ),
  };
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

describe("svc mcp over stdio", () => {
  const running: SvcChild[] = [];
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let id: number;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-mcp-stdio-");
    const seeded = seedClips(ws.root, [
      {
        name: "A001.mov",
        shot: "2026-03-14",
        duration_s: 8,
        transcript: "rolling on take two",
        scenes: [{ description: "a red door" }],
      },
    ]);
    id = seeded.get("A001.mov")?.id as number;
  });
  afterEach(() => {
    for (const child of running.splice(0)) child.kill("SIGKILL");
  });
  afterAll(async () => {
    await ws?.cleanup();
  });

  it("answers raw JSON-RPC, skips a malformed frame and keeps serving, with nothing but JSON-RPC on stdout", async () => {
    const mcp = startMcp(ws.env());
    running.push(mcp.child);
    mcp.send(INITIALIZE);
    expect((await mcp.answer(1)).result?.serverInfo).toMatchObject({ name: "svc" });
    mcp.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    mcp.send("{this is not json");
    mcp.send({ not: "json-rpc" });
    mcp.send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "get_transcript", arguments: { media_id: id } },
    });
    const transcript = await mcp.answer(2);
    expect(transcript.result?.structuredContent).toMatchObject({
      segments: [{ start: 0, end: 8, text: "rolling on take two" }],
      has_words: false,
    });
    mcp.send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "get_scenes", arguments: { media_id: "x" } },
    });
    expect((await mcp.answer(3)).result?.isError).toBe(true);
    mcp.send({ jsonrpc: "2.0", id: 4, method: "no/such/method" });
    expect((await mcp.answer(4)).error?.code).toBe(-32601);
    // A second initialize is answered (the SDK re-negotiates), not fatal.
    mcp.send({ ...INITIALIZE, id: 6 });
    expect(await mcp.answer(6)).toBeDefined();
    mcp.send({ jsonrpc: "2.0", id: 5, method: "tools/list" });
    expect((await mcp.answer(5)).result?.tools).toHaveLength(7);

    for (const line of mcp.stdoutLines()) expect(JSON.parse(line)).toHaveProperty("jsonrpc", "2.0");
    expect(mcp.stderr()).toMatch(/MCP stdio: message skipped/);
    expect(mcp.stderr()).not.toMatch(/\n\s+at /);

    // The client closing stdin is the end of the session: svc exits on its own, cleanly.
    mcp.child.stdin?.end();
    const result = await mcp.child;
    expect(result.exitCode).toBe(0);
  });

  it("exits 2 with a usage line for an argument it does not take", async () => {
    const result = await svc(["mcp", "--port", "1"], ws.env(), undefined, { input: "" });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/usage: svc mcp/);
    expect(result.stdout).toBe("");
  });

  it("stops on SIGTERM", async () => {
    const mcp = startMcp(ws.env());
    running.push(mcp.child);
    mcp.send(INITIALIZE);
    await mcp.answer(1);
    mcp.child.kill("SIGTERM");
    expect((await mcp.child).exitCode).toBe(0);
  });
});
