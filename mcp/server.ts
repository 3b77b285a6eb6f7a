import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { UserError } from "../domain/errors.js";
import { callToolOnHost, seatTarget } from "../library/hosting/forward.js";
import { type AnswerCache, answerKey } from "./answer-cache.js";
import { present, publicText } from "./present.js";
import { type McpDeps, TOOLS, type ToolDef } from "./tools.js";

export type { McpDeps } from "./tools.js";

const INSTRUCTIONS =
  "svc is a media library of video, audio and stills. Use search_media to find footage by meaning, " +
  "get_scenes and get_transcript to read a clip, list_recent, list_tags and library_stats to look around. " +
  "Every tool is read-only; paths are relative to the project root.";

// Each tool's output schema as one object. An answer is checked against it before it is kept:
// a kept answer may be sent again without passing the SDK's own check (direct-call.ts).
const OUTPUTS: ReadonlyMap<string, z.ZodObject> = new Map(
  TOOLS.map((tool) => [tool.name, z.object(tool.output)]),
);

const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** A tool's answer after the sanitiser: structured content plus the same JSON as text (`null` when the item is unknown). */
function render(tool: ToolDef, answer: Record<string, unknown>): CallToolResult {
  const structured = present(answer) as Record<string, unknown>;
  const missing = tool.nullKey !== undefined && structured[tool.nullKey] === null;
  return {
    content: [{ type: "text", text: missing ? "null" : JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

/**
 * Runs one tool, or serves its unchanged answer from the cache, or has the project's host run it
 * when this svc is a seat for the project. A user's mistake is an error
 * result with its reason; anything else is logged and reported without detail. `args` have
 * passed the tool's input schema.
 */
export async function callTool(
  tool: ToolDef,
  args: unknown,
  deps: McpDeps,
  answers: AnswerCache,
): Promise<CallToolResult> {
  try {
    // A project another svc hosts: its host runs the tool, and its answer is passed on as it is.
    const seat = seatTarget(deps.ctx, deps.libraries, (args as { project?: string }).project);
    if (seat) return await callToolOnHost(deps.ctx, seat, tool.name, args as Record<string, unknown>);
    const key = answerKey(tool, args, deps);
    const kept = key === undefined ? undefined : answers.get(key);
    if (kept) return kept;
    const answer = render(tool, await tool.run(args, deps));
    if (key !== undefined) {
      const checked = OUTPUTS.get(tool.name)?.safeParse(answer.structuredContent);
      if (!checked?.success)
        throw new Error(`the answer does not match the output schema: ${checked?.error.message}`);
      answers.set(key, answer);
    }
    return answer;
  } catch (error) {
    if (error instanceof UserError) return failure(publicText(error.message));
    deps.ctx.log.error({ err: error, tool: tool.name }, "MCP tool failed");
    return failure(`${tool.name} failed unexpectedly (the service log has the details)`);
  }
}

/** One MCP server (one per client connection) with svc's read-only tools; `answers` may be shared by several. */
export function createMcpServer(deps: McpDeps, answers: AnswerCache): McpServer {
  const server = new McpServer(
    { name: "svc", title: "svc media library", version: deps.ctx.version },
    { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: {
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      (args: unknown) => callTool(tool, args, deps, answers),
    );
  }
  return server;
}
