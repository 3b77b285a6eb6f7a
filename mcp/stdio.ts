import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { redactSecrets } from "../domain/redact.js";
import type { AppContext } from "../library/context.js";
import { LibraryPool } from "../library/library-pool.js";
import { ensureProjectRoot } from "../library/organise/projects.js";
import { AnswerCache } from "./answer-cache.js";
import { publicText } from "./present.js";
import { createMcpServer } from "./server.js";

/**
 * Serves MCP over this process's stdin and stdout until the client closes stdin or `stop` is
 * aborted. stdout carries JSON-RPC alone; a line that is not JSON-RPC is logged and skipped.
 */
export async function serveStdio(ctx: AppContext, stop: AbortSignal): Promise<void> {
  const root = ctx.config.projectRoot;
  if (root) {
    // As the daemon does at start; a root that is not there yet leaves the other projects usable.
    await ensureProjectRoot(ctx, root).catch((error: unknown) => {
      ctx.log.warn({ reason: publicText((error as Error).message) }, "PROJECT_ROOT is not available");
    });
  }
  const libraries = new LibraryPool(ctx);
  const server = createMcpServer({ ctx, libraries }, new AnswerCache());
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
    stop.addEventListener("abort", () => resolve(), { once: true });
  });
  server.server.onerror = (error) => {
    ctx.log.warn({ reason: redactSecrets(error.message).slice(0, 300) }, "MCP stdio: message skipped");
  };
  try {
    await server.connect(transport);
    ctx.log.info("MCP server on stdio");
    await ended;
  } finally {
    await server.close();
    libraries.closeAll();
  }
}
