import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT } from "../domain/errors.js";
import {
  installResolveScript,
  resolveScriptsFolder,
  starterConfig,
} from "../library/handoff/resolve-install.js";
import { configFrom, reportError } from "./context.js";
import { fail, type Io } from "./io.js";

export const NLE_USAGE =
  "usage: svc nle install resolve [--print] [--dir DIR]\n" +
  "       copies svc_resolve.py to DaVinci Resolve's scripts (Workspace → Scripts → svc_resolve),\n" +
  "       with a starter svc_resolve.json beside it when none is there; --print only shows where;\n" +
  "       --dir: another folder than the per-user Scripts/Utility one";

const OPTIONS = {
  print: { type: "boolean" },
  dir: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** `svc nle install resolve`: puts the Resolve script where Resolve finds it. */
export async function nleCommand(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    fail(io, `${(error as Error).message}\n${NLE_USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${NLE_USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length !== 2 || positionals[0] !== "install" || positionals[1] !== "resolve") {
    fail(io, NLE_USAGE);
    return EXIT.usage;
  }
  try {
    const config = configFrom(io);
    const dir =
      values.dir === undefined ? resolveScriptsFolder(process.platform, io.env) : resolve(values.dir);
    const done = await installResolveScript(
      dir,
      starterConfig(config.bindHost, config.port),
      values.print === true,
    );
    if (!done.written) {
      io.stdout.write(
        `script: ${done.script}\nconfig: ${done.config}${done.configKept ? " (already there)" : ""}\n`,
      );
      return EXIT.ok;
    }
    io.stdout.write(
      `installed ${done.script}\n` +
        (done.configKept
          ? `kept your config ${done.config}\n`
          : `wrote a starter config ${done.config}\n` +
            '  (svc on another machine? set its "url", a "token" from svc token create --name resolve --scopes videos_read,\n' +
            '  and "path_map" where this machine mounts the footage elsewhere)\n') +
        "in DaVinci Resolve: Workspace → Scripts → svc_resolve (restart Resolve if the menu does not list it yet)\n",
    );
    return EXIT.ok;
  } catch (error) {
    return reportError(io, error);
  }
}

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}
