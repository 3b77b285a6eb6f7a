import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEmbeddings } from "../../library/search/embed.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { seedClips } from "../support/chat.js";
import { callTool, connectMcp } from "../support/mcp.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";

// Paths of other machines, as a transcript, a vision model or a camera's metadata might carry them.
const WINDOWS = "C:\\Users\\editor\\Footage\\A001.mov";
const WINDOWS_SLASH = "D:/Jobs/Job 12/Card 1/A001.mov";
const UNC = "\\\\nas01\\share\\footage\\A001.mov";

describe("no absolute path leaves the MCP server", () => {
  let host: FakeModelHost;
  let api: TestApi;
  let client: Client;
  let root: string;
  let cleanup: () => Promise<void>;
  let id: number;

  beforeAll(async () => {
    const ws = await tempWorkspace("svc-mcp-paths-");
    cleanup = ws.cleanup;
    // A deep root, so any leak of it is long and unmistakable.
    root = join(ws.base, ...Array.from({ length: 12 }, (_, i) => `level-${i}`), "Client Job Footage");
    await mkdir(root, { recursive: true });
    host = await startFakeModelHost();
    api = await startApi({ projectRoot: root, env: { OLLAMA_HOST: host.url }, mcp: true });
    const seeded = seedClips(root, [
      {
        name: "A001.mov",
        shot: "2026-03-14",
        duration_s: 12,
        camera: UNC,
        rating: WINDOWS_SLASH,
        tags: [WINDOWS, "harbour"],
        transcript: `the original is at ${WINDOWS} and a copy at ${WINDOWS_SLASH}, backup on ${UNC}, working copy ${root}/A001.mov`,
        scenes: [
          { description: `boats in the harbour, file ${WINDOWS}`, tags: [UNC] },
          { description: `harbour at dusk, see ${root}/notes.txt or file://${root}/A001.mov` },
        ],
      },
    ]);
    id = seeded.get("A001.mov")?.id as number;
    const store = openLibrary(root);
    try {
      store.edits.patch(id, { rating_note: `graded in ${WINDOWS_SLASH}` }, () => undefined);
    } finally {
      store.close();
    }
    await buildEmbeddings(api.ctx, root, {
      rebuild: false,
      signal: new AbortController().signal,
      holder: "test",
    });
    client = await connectMcp(api.mcpUrl as string, "streamable");
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await api?.close();
    await host?.close();
    await cleanup?.();
  });

  it("in every tool's answer, errors included", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["search_media", { query: "harbour boats" }],
      ["search_media", { query: "Footage A001" }],
      ["search_media", { query: "x", filters: { shot_date: WINDOWS } }],
      ["get_media", { media_id: id }],
      ["get_scenes", { media_id: id }],
      ["get_transcript", { media_id: id, include_words: true }],
      ["list_recent", {}],
      ["library_stats", {}],
      ["list_tags", {}],
      ["list_tags", { prefix: "c:" }],
      ["get_media", { media_id: id, project: root }],
    ];
    const answers: string[] = [];
    for (const [name, args] of calls) answers.push(JSON.stringify(await callTool(client, name, args)));
    const seen = answers.join("\n");
    // The seeded strings did reach the answers (scrubbed), so the scan below is not vacuous.
    expect(seen).toMatch(/the original is at \[path\] and a copy at \[path\] 12\/Card/);
    expect(seen).toContain("harbour");
    for (const leak of [root, "level-0", "C:\\\\", "C:/", "D:/", "\\\\\\\\nas01", "file://", "/tmp/"]) {
      expect(seen, leak).not.toContain(leak);
    }
  });
});
