import { EXIT } from "../domain/errors.js";
import { serveStdio } from "../mcp/stdio.js";
import { stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";

/** `svc mcp`: the read-only MCP tools over stdio, for a client that starts svc itself. */
export async function mcpCommand(argv: string[], io: Io): Promise<number> {
  if (argv.length > 0) {
    fail(io, "usage: svc mcp (MCP over stdin/stdout; configure with environment variables)");
    return EXIT.usage;
  }
  const signals = stopSignals();
  try {
    // Logs go to the log file and stderr: stdout belongs to the protocol.
    return await withContext(io, { stdoutLogs: false, stderrLogs: true, tools: false }, async (ctx) => {
      await serveStdio(ctx, signals.signal);
      return EXIT.ok;
    });
  } finally {
    signals.dispose();
  }
}
