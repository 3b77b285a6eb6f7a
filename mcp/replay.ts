import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  CallToolRequestSchema,
  JSONRPCRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { type AnswerCache, answerKey } from "./answer-cache.js";
import { type McpDeps, TOOLS, type ToolDef } from "./tools.js";

// Each kept tool's arguments, checked exactly as the SDK checks them before the tool runs.
const KEPT_TOOLS: ReadonlyMap<string, { tool: ToolDef; args: z.ZodObject }> = new Map(
  TOOLS.filter((tool) => tool.stamp).map((tool) => [tool.name, { tool, args: z.object(tool.input) }]),
);

/**
 * Whether a POST's headers are ones the SDK's Streamable HTTP transport accepts (both answer
 * types accepted, a JSON body, a protocol version it speaks): only then may its answer be
 * replayed, so every refusal still comes from the SDK, worded as it words it.
 */
export function replayableHeaders(header: (name: string) => string | null): boolean {
  const accept = header("accept") ?? "";
  const version = header("mcp-protocol-version");
  return (
    accept.includes("application/json") &&
    accept.includes("text/event-stream") &&
    isJsonContentType(header("content-type")) &&
    (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version))
  );
}

/**
 * The whole JSON-RPC response to `body` when it is a plain `tools/call` whose answer the cache
 * holds; undefined sends it through the SDK like any other message.
 *
 * Why: for a long take, turning the kept answer into JSON again (and checking its 5,000 words
 * against the output schema) costs the single-threaded daemon several times more than the call
 * itself, and several clients reading one transcript queue behind it. The kept answer is the
 * very object the SDK returned, so the bytes are the ones it would send; anything unusual
 * (a batch, `_meta`, an argument the tool does not declare, a throw) goes the SDK's way.
 */
export function replayCall(body: unknown, deps: McpDeps, answers: AnswerCache): Buffer[] | undefined {
  const message = JSONRPCRequestSchema.safeParse(body);
  const call = CallToolRequestSchema.safeParse(body);
  if (!message.success || !call.success) return undefined;
  const { name, arguments: given = {}, ...rest } = call.data.params;
  const kept = KEPT_TOOLS.get(name);
  if (!kept || Object.keys(rest).length > 0) return undefined;
  if (Object.keys(given).some((key) => !(key in kept.tool.input))) return undefined;
  const args = kept.args.safeParse(given);
  if (!args.success) return undefined;
  let wire: Buffer | undefined;
  try {
    const key = answerKey(kept.tool, args.data, deps);
    wire = key === undefined ? undefined : answers.wire(key);
  } catch {
    // The SDK's way makes the same call and reports its failure as the tool's error result.
    return undefined;
  }
  if (!wire) return undefined;
  // The SDK's own order: result, jsonrpc, id.
  return [
    Buffer.from('{"result":'),
    wire,
    Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(message.data.id)}}`),
  ];
}
