import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

export type McpTransportKind = "streamable" | "sse";

const authHeaders = (token?: string): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/**
 * An SDK client connected to svc's MCP listener: Streamable HTTP at `mcpUrl`, or the legacy
 * HTTP+SSE pair beside it. Throws what the SDK throws when the connection is refused.
 */
export async function connectMcp(mcpUrl: string, kind: McpTransportKind, token?: string): Promise<Client> {
  const client = new Client({ name: "svc-test", version: "1.0.0" });
  const headers = authHeaders(token);
  const transport =
    kind === "streamable"
      ? new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers } })
      : new SSEClientTransport(new URL("/sse", mcpUrl), {
          requestInit: { headers },
          eventSourceInit: {
            fetch: (url, init) => fetch(url, { ...init, headers: { ...init?.headers, ...headers } }),
          },
        });
  await client.connect(transport);
  return client;
}

/** A tool call's result with its structured content typed for the test. */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult & { structuredContent?: T }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: T };
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}
