import { startDaemon } from "../daemon/serve.js";
import { EXIT } from "../domain/errors.js";
import type { AppContext } from "../library/context.js";
import { type StopSignals, stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export async function serveCommand(argv: string[], io: Io): Promise<number> {
  if (argv.length > 0) {
    fail(io, "usage: svc serve (configure with environment variables; see docs/configuration.md)");
    return EXIT.usage;
  }
  // Listening from the first moment: a SIGTERM while the daemon is still starting (service
  // managers send one on a quick restart) stops it cleanly once it has started, not by the signal.
  const signals = stopSignals();
  try {
    return await withContext(io, { stdoutLogs: true }, (ctx) => serve(ctx, signals));
  } finally {
    signals.dispose();
  }
}

/** Starts the daemon, then runs until SIGINT or SIGTERM. */
async function serve(ctx: AppContext, signals: StopSignals): Promise<number> {
  const daemon = await startDaemon(ctx);
  ctx.log.info({ signal: await signals.received }, "shutting down");
  await daemon.stop();
  ctx.log.info("stopped");
  return EXIT.ok;
}
