import { request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerCache, answerKey } from "../../mcp/answer-cache.js";
import { directCall, directHeaders } from "../../mcp/direct-call.js";
import { callTool, createMcpServer } from "../../mcp/server.js";
import { TOOLS, type ToolDef } from "../../mcp/tools.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { saveTimedWords, seedLongTake } from "../support/long-take.js";
import { textOf } from "../support/mcp.js";

const WORDS = 5200;

/** Opens the library at `root` for one change. */
function withStore<T>(root: string, change: (store: LibraryStore) => T): T {
  const store = openLibrary(root);
  try {
    return change(store);
  } finally {
    store.close();
  }
}

const seedTake = (root: string) => withStore(root, (store) => seedLongTake(store, "talk.mov", WORDS));
const saveWords = (root: string, id: number, first: string) =>
  withStore(root, (store) => saveTimedWords(store, id, WORDS, first));

const callBody = (
  id: number | string,
  args: Record<string, unknown>,
  params: Record<string, unknown> = {},
) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "get_transcript", arguments: args, ...params },
});

const parts = (bytes: Buffer[] | undefined) =>
  bytes === undefined ? undefined : JSON.parse(Buffer.concat(bytes).toString("utf8"));

describe("MCP direct answers: which calls are answered directly, and with what", () => {
  let api: TestApi;
  let take: number;
  let answers: AnswerCache;
  let client: Client;

  beforeAll(async () => {
    api = await startApi();
    take = seedTake(api.root as string);
    saveWords(api.root as string, take, "hello");
    answers = new AnswerCache();
    const server = createMcpServer({ ctx: api.ctx, libraries: api.libraries }, answers);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: "direct-test", version: "1" });
    await client.connect(clientSide);
  });
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  const deps = () => ({ ctx: api.ctx, libraries: api.libraries });
  const direct = (body: unknown) => directCall(body, deps(), answers);

  it("answers a first call by running the tool once and keeping its answer, as the SDK then gives it", async () => {
    const args = { media_id: take, include_words: true, include_segments: false };
    const first = await direct(callBody(1, args));
    const second = await direct(callBody(2, args));
    // The kept answer's bytes themselves: made once, sent again.
    expect(second?.[1]).toBe(first?.[1]);
    const given = await client.callTool({ name: "get_transcript", arguments: args });
    expect(parts(first)).toEqual({ jsonrpc: "2.0", id: 1, result: given });
    expect((given.structuredContent as { words: unknown[] }).words).toHaveLength(5000);
  });

  it("sends, byte for byte, the answer the SDK gave, under the new request's id", async () => {
    const args = { media_id: take, include_words: true };
    const given = await client.callTool({ name: "get_transcript", arguments: args });
    expect((given.structuredContent as { words: unknown[] }).words).toHaveLength(5000);
    expect(parts(await direct(callBody(41, args)))).toEqual({ jsonrpc: "2.0", id: 41, result: given });
    expect(parts(await direct(callBody("call-7", args)))?.id).toBe("call-7");
    // Defaults count as given: include_segments is true whether said or not.
    const same = await direct(callBody(42, { ...args, include_segments: true }));
    expect(same?.[1]).toBe((await direct(callBody(43, args)))?.[1]);
  });

  it("reads the transcript afresh the moment it changes", async () => {
    const args = { media_id: take, include_words: true };
    const before = parts(await direct(callBody(1, args)));
    expect(before.result.structuredContent.words[0].word).not.toBe("changed");
    saveWords(api.root as string, take, "changed");
    const after = parts(await direct(callBody(2, args)));
    expect(after.result.structuredContent.words[0].word).toBe("changed");
    const given = await client.callTool({ name: "get_transcript", arguments: args });
    expect(after.result).toEqual(given);
  });

  it("keeps no answer that fails the tool's output schema, and reports it as the tool's failure", async () => {
    const transcript = TOOLS.find((tool) => tool.name === "get_transcript") as ToolDef;
    const broken: ToolDef = { ...transcript, stamp: () => "stamp", run: () => ({ segments: "not a list" }) };
    const answer = await callTool(broken, { media_id: take }, deps(), answers);
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/get_transcript failed unexpectedly/);
    expect(answers.get(answerKey(broken, { media_id: take }, deps()) as string)).toBeUndefined();
  });

  it.each([
    ["a batch", (args: Record<string, unknown>) => [callBody(1, args)]],
    ["a notification (no id)", (args: Record<string, unknown>) => ({ ...callBody(1, args), id: undefined })],
    ["another method", (args: Record<string, unknown>) => ({ ...callBody(1, args), method: "tools/list" })],
    [
      "a tool whose answers are not kept",
      (args: Record<string, unknown>) => ({
        ...callBody(1, args),
        params: { name: "get_media", arguments: { media_id: take } },
      }),
    ],
    [
      "an argument the tool does not declare",
      (args: Record<string, unknown>) => callBody(1, { ...args, extra: 1 }),
    ],
    [
      "an argument of the wrong type",
      (args: Record<string, unknown>) => callBody(1, { ...args, include_words: "yes" }),
    ],
    [
      "_meta (a progress token)",
      (args: Record<string, unknown>) => callBody(1, args, { _meta: { progressToken: 5 } }),
    ],
    ["an unknown project", (args: Record<string, unknown>) => callBody(1, { ...args, project: "nowhere" })],
    [
      "a wrong JSON-RPC version",
      (args: Record<string, unknown>) => ({ ...callBody(1, args), jsonrpc: "1.0" }),
    ],
    ["an unknown media id", () => callBody(1, { media_id: 987_654, include_words: true })],
  ])("leaves %s to the SDK", async (_label, body) => {
    const args = { media_id: take, include_words: true };
    expect(await direct(callBody(1, args))).toBeDefined();
    expect(await direct(body(args))).toBeUndefined();
  });

  it("accepts only the headers the SDK's transport accepts", () => {
    const headers = (given: Record<string, string>) => (name: string) => given[name] ?? null;
    const good = { accept: "application/json, text/event-stream", "content-type": "application/json" };
    expect(directHeaders(headers(good))).toBe(true);
    expect(directHeaders(headers({ ...good, "mcp-protocol-version": "2025-06-18" }))).toBe(true);
    expect(directHeaders(headers({ ...good, "content-type": "application/json; charset=utf-8" }))).toBe(true);
    expect(directHeaders(headers({ ...good, accept: "application/json" }))).toBe(false);
    expect(directHeaders(headers({ ...good, accept: "text/event-stream" }))).toBe(false);
    expect(directHeaders(headers({ ...good, "content-type": "text/plain" }))).toBe(false);
    expect(directHeaders(headers({ ...good, "mcp-protocol-version": "1999-01-01" }))).toBe(false);
  });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const post = (url: string, headers: Record<string, string>, body: unknown) =>
  send(url, headers, JSON.stringify(body));

function send(url: string, headers: Record<string, string>, text: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(text)),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

describe("MCP direct answers over Streamable HTTP", () => {
  let api: TestApi;
  let take: number;
  let url: string;
  let session: Record<string, string>;

  beforeAll(async () => {
    api = await startApi({ mcp: true });
    url = api.mcpUrl as string;
    take = seedTake(api.root as string);
    saveWords(api.root as string, take, "hello");
    const opened = await post(
      url,
      {},
      {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      },
    );
    session = {
      "mcp-session-id": String(opened.headers["mcp-session-id"]),
      "mcp-protocol-version": "2025-06-18",
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  const args = () => ({ media_id: take, include_words: true });

  it("answers a call as the SDK's way answers it, with the session's headers and its own id", async () => {
    const first = await post(url, session, callBody(1, args()));
    const again = await post(url, session, callBody(2, args()));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers["content-type"]).toBe("application/json");
    expect(again.headers["mcp-session-id"]).toBe(session["mcp-session-id"]);
    expect(Number(again.headers["content-length"])).toBe(Buffer.byteLength(again.body));
    const [a, b] = [JSON.parse(first.body), JSON.parse(again.body)];
    expect(b.id).toBe(2);
    expect(b.result).toEqual(a.result);
    expect(b.result.structuredContent.words).toHaveLength(5000);
    // The bytes too, but for the id: the kept answer's one rendering.
    expect(again.body).toBe(first.body.replace(/"id":1}$/, '"id":2}'));
    // A progress token sends the call the SDK's way: the same answer.
    const viaSdk = await post(url, session, callBody(9, args(), { _meta: { progressToken: 9 } }));
    expect(viaSdk.status).toBe(200);
    expect(JSON.parse(viaSdk.body)).toEqual({ ...a, id: 9 });
  });

  it("still refuses a repeated call with headers the transport refuses, as the SDK words it", async () => {
    await post(url, session, callBody(3, args()));
    const narrow = await post(url, { ...session, accept: "application/json" }, callBody(4, args()));
    expect(narrow.status).toBe(406);
    expect(JSON.parse(narrow.body).error.message).toMatch(/Not Acceptable/);
    const old = await post(url, { ...session, "mcp-protocol-version": "1999-01-01" }, callBody(5, args()));
    expect(old.status).toBe(400);
    expect(JSON.parse(old.body).error.message).toMatch(/Unsupported protocol version/);
    const lost = await post(url, { ...session, "mcp-session-id": "nope" }, callBody(6, args()));
    expect(lost.status).toBe(404);
  });

  it("answers a repeated call outside any session too, without a session header", async () => {
    const first = await post(url, {}, callBody(7, args()));
    const again = await post(url, {}, callBody(8, args()));
    expect(again.status).toBe(200);
    expect(again.headers["mcp-session-id"]).toBeUndefined();
    expect(JSON.parse(again.body)).toEqual({ ...JSON.parse(first.body), id: 8 });
  });

  it("answers a body that is not JSON within a session with a parse error", async () => {
    const res = await send(url, session, "{not json");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({ code: -32700 });
  });
});
