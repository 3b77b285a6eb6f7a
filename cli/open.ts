import { parseArgs } from "node:util";
import { openBrowser } from "../adapters/browser.js";
import { waitForSvc } from "../adapters/svc-health.js";
import { startDaemon } from "../daemon/serve.js";
import { EXIT } from "../domain/errors.js";
import { loadClientConfig } from "../state/config.js";
import { stopSignals, withContext } from "./context.js";
import { fail, type Io } from "./io.js";

const USAGE = "usage: svc open [--url URL] [--no-browser]";

/** SPEC.md, Limits: how long the desktop face waits for its backend to be ready. */
export const READINESS_WAIT_MS = 45_000;

/**
 * The desktop face: opens the web app of the svc that answers at SVC_URL; when none does, this
 * process becomes that svc (the daemon runs here, with local trust, until Ctrl-C) and opens the
 * app once the daemon reports ready, or after the readiness wait with what it lacks.
 */
export async function openCommand(argv: string[], io: Io): Promise<number> {
  let values: { url?: string | undefined; "no-browser"?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { url: { type: "string" }, "no-browser": { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(io, `${(error as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  let url: string;
  try {
    url = loadClientConfig(io.env, { url: values.url }).url;
  } catch (error) {
    fail(io, (error as Error).message);
    return EXIT.usage;
  }
  const show = async (at: string): Promise<number> => {
    io.stdout.write(`svc web app: ${at}\n`);
    if (values["no-browser"]) return EXIT.ok;
    try {
      await openBrowser(at, io.env);
    } catch (error) {
      fail(io, `${(error as Error).message}; open ${at} in a browser`);
      return EXIT.tempfail;
    }
    return EXIT.ok;
  };

  const running = await waitForSvc(url, 0);
  if (running.answered) return show(new URL("/", url).href);
  if (values.url !== undefined) {
    fail(io, `no svc answers at ${url}: start it there, or run svc open without --url to start one here`);
    return EXIT.tempfail;
  }

  const env = { ...io.env, SVC_TRUST_LOOPBACK: io.env.SVC_TRUST_LOOPBACK ?? "1" };
  const signals = stopSignals();
  try {
    return await withContext({ ...io, env }, { stdoutLogs: false, stderrLogs: true }, async (ctx) => {
      const daemon = await startDaemon(ctx);
      try {
        const ready = await waitForSvc(daemon.url, READINESS_WAIT_MS, signals.signal);
        if (!ready.answered) {
          fail(io, `svc did not answer at ${daemon.url} within ${READINESS_WAIT_MS / 1000} s`);
          return EXIT.tempfail;
        }
        if (!ready.ready)
          fail(
            io,
            `svc is up but not ready (${ready.failing.join(", ")}): the Operations page says what to install`,
          );
        const opened = await show(daemon.url);
        if (opened !== EXIT.ok) return opened;
        io.stdout.write("svc is running here; Ctrl-C stops it\n");
        ctx.log.info({ signal: await signals.received }, "shutting down");
        return EXIT.ok;
      } finally {
        await daemon.stop();
      }
    });
  } finally {
    signals.dispose();
  }
}
