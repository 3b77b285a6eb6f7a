// One timed run of MCP tool calls, in a worker thread: the clients' heap is this worker's alone,
// so the latency measured is not stretched by a garbage collection of the bench's own large
// heap (its library, phrases and figures), which pauses every client in that thread at once.
//
// workerData: { url, kind: "wire" | "sdk", clients, tool, calls: [args…], stride, seconds }.
// Client c's call i passes calls[(c × stride + i) mod calls.length]. Posts { times, errors }.

import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { WireClient } from "./mcp-wire-client.mjs";

/** A client of the kind asked for: the bench's minimal one, or the SDK's own. */
export async function connectClient(url, kind) {
  if (kind === "wire") return WireClient.connect(url);
  const client = new Client({ name: "svc-bench", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function run({ url, kind, clients: count, tool, calls, stride, seconds }) {
  const clients = [];
  for (let c = 0; c < count; c++) clients.push(await connectClient(url, kind));
  const argsFor = (c, i) => calls[(c * stride + i) % calls.length];
  // One untimed call each: the session and its first answer are made before the clock starts.
  await Promise.all(clients.map((client, c) => client.callTool({ name: tool, arguments: argsFor(c, 0) })));
  const times = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 1; performance.now() < until; i++) {
        const start = performance.now();
        const result = await client.callTool({ name: tool, arguments: argsFor(c, i) });
        times.push(performance.now() - start);
        if (result.isError) errors += 1;
      }
    }),
  );
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  return { times, errors };
}

if (parentPort) parentPort.postMessage(await run(workerData));
