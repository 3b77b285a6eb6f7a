import { startDaemon } from "../daemon/serve.js";
import { EXIT, UserError } from "../library/errors.js";
import { errnoOf } from "../state/errno.js";
import { fail, type Io, stopSignals, withContext } from "./context.js";

export async function serveCommand(argv: string[], io: Io): Promise<number> {
  if (argv.length > 0) {
    fail(io, "usage: svc serve (configure with environment variables; see the README)");
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: true }, async (ctx) => {
    let daemon: Awaited<ReturnType<typeof startDaemon>>;
    try {
      daemon = await startDaemon(ctx);
    } catch (error) {
      const code = errnoOf(error, "");
      if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL") {
        throw new UserError(
          `cannot listen on ${ctx.config.bindHost}:${ctx.config.port} (${code}); set SVC_PORT or SVC_BIND_HOST`,
          EXIT.usage,
        );
      }
      throw error;
    }
    const signals = stopSignals();
    try {
      ctx.log.info({ signal: await signals.received }, "shutting down");
      await daemon.stop();
      ctx.log.info("stopped");
      return EXIT.ok;
    } finally {
      signals.dispose();
    }
  });
}
