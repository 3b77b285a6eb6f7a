import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  CallToolRequestSchema,
  JSONRPCRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { type AnswerCache, answerKey } from "./answer-cache.js";
import { callTool } from "./server.js";
import { type McpDeps, TOOLS, type ToolDef } from "./tools.js";

// Each kept tool's arguments, checked exactly as the SDK checks them before the tool runs.
const KEPT_TOOLS: ReadonlyMap<string, { tool: ToolDef; args: z.ZodObject }> = new Map(
  TOOLS.filter((tool) => tool.stamp).map((tool) => [tool.name, { tool, args: z.object(tool.input) }]),
);

/**
 * Whether a POST's headers are ones the SDK's Streamable HTTP transport accepts (both answer
 * types accepted, a JSON body, a protocol version it speaks): only then may it be answered
 * directly, so every refusal still comes from the SDK, worded as it words it.
 */
export function directHeaders(header: (name: string) => string | null): boolean {
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
 * The whole JSON-RPC response to `body` when it is a plain `tools/call` of a tool whose answers
 * are kept (get_transcript of a take that has a transcript), made by the same `callTool` the SDK
 * calls and sent as the kept answer's JSON; undefined sends the message through the SDK like any
 * other.
 *
 * Why: for a long take, the SDK checks 5,000 words against the output schema and serialises the
 * 0.7 MB answer again on every call, which costs the single-threaded daemon far more than
 * finding the kept answer, and several clients reading one transcript queue behind it. The
 * answer is checked against the same schema once, before it is kept (callTool), and its bytes
 * are the ones the SDK would send. Anything unusual (a batch, `_meta`, an argument the tool does
 * not declare or that fails its schema, a failing stamp) goes the SDK's way, errors included.
 */
export async function directCall(
  body: unknown,
  deps: McpDeps,
  answers: AnswerCache,
): Promise<Buffer[] | undefined> {
  const message = JSONRPCRequestSchema.safeParse(body);
  const call = CallToolRequestSchema.safeParse(body);
  if (!message.success || !call.success) return undefined;
  const { name, arguments: given = {}, ...rest } = call.data.params;
  const kept = KEPT_TOOLS.get(name);
  if (!kept || Object.keys(rest).length > 0) return undefined;
  if (Object.keys(given).some((key) => !(key in kept.tool.input))) return undefined;
  const args = kept.args.safeParse(given);
  if (!args.success) return undefined;
  let key: string | undefined;
  try {
    key = answerKey(kept.tool, args.data, deps);
  } catch {
    // The SDK's way makes the same call and reports its failure as the tool's error result.
    return undefined;
  }
  if (key === undefined) return undefined;
  let wire = answers.wire(key);
  if (!wire) {
    const answer = await callTool(kept.tool, args.data, deps, answers);
    // An error result is not kept; the SDK would send it as it is.
    wire = answers.wire(key) ?? Buffer.from(JSON.stringify(answer));
  }
  // The SDK's own order: result, jsonrpc, id.
  return [
    Buffer.from('{"result":'),
    wire,
    Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(message.data.id)}}`),
  ];
}
