import { realpathSync } from "node:fs";
import { userInfo } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT } from "../domain/errors.js";
import { listProjects } from "../library/organise/projects.js";
import {
  detectServiceManager,
  installService,
  requireServiceManager,
  type ServiceManager,
  type ServiceTarget,
  uninstallService,
} from "../library/system/service.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const SERVICE_USAGE =
  "usage: svc service install [--user] [--dir DIR] [--manager systemd|launchd] | svc service uninstall [--user] [--dir DIR] [--manager systemd|launchd]";

const MANAGERS: readonly ServiceManager[] = ["systemd", "launchd"];

/** `svc service`: writes or removes the systemd unit or launchd agent that runs `svc serve`. */
export async function serviceCommand(argv: string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(rest);
  } catch (error) {
    fail(io, `${(error as Error).message}\n${SERVICE_USAGE}`);
    return EXIT.usage;
  }
  const { values } = parsed;
  if ((action !== "install" && action !== "uninstall") || parsed.positionals.length > 0) {
    fail(io, SERVICE_USAGE);
    return EXIT.usage;
  }
  const requested = values.manager;
  if (requested !== undefined && !MANAGERS.includes(requested as ServiceManager)) {
    fail(io, `--manager takes systemd or launchd (got "${requested.slice(0, 20)}")`);
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: false, tools: false }, async (ctx) => {
    const manager =
      (requested as ServiceManager | undefined) ??
      requireServiceManager(detectServiceManager(process.platform, io.env.PATH ?? ""), process.platform);
    const account = userInfo();
    const target: ServiceTarget = {
      manager,
      user: values.user === true || manager === "launchd",
      dir: values.dir === undefined ? undefined : resolve(values.dir),
      // The running CLI, symlinks resolved: an npm bin link can move when node is upgraded.
      exec: [process.execPath, realpathSync(process.argv[1] ?? "")],
      home: ctx.config.home,
      projectRoot: ctx.config.projectRoot ?? null,
      roots: listProjects(ctx.registry).map((project) => project.root),
      // Under sudo the unit is for the person who asked, not for root.
      runAs: io.env.SUDO_USER || account.username,
      path: io.env.PATH ?? "/usr/bin:/bin",
    };
    if (action === "install") {
      const outcome = await installService(target, account.uid);
      const said = {
        installed: `installed ${outcome.file}`,
        updated: `updated ${outcome.file} (this machine's paths had changed)`,
        unchanged: `already installed: ${outcome.file} is up to date`,
      } as Record<string, string>;
      io.stdout.write(`${said[outcome.state]}\n`);
      if (manager === "systemd" && !target.user && target.runAs === "root") {
        fail(
          io,
          "the unit runs svc as root: run the install from the account svc should run as (with --dir), or edit User=",
        );
      }
      io.stdout.write("to start it now and at every boot, run:\n");
      for (const line of outcome.next) io.stdout.write(`  ${line}\n`);
      return EXIT.ok;
    }
    const outcome = await uninstallService(target, account.uid);
    if (outcome.state === "absent") {
      io.stdout.write(`not installed: there is no ${outcome.file}\n`);
      return EXIT.ok;
    }
    io.stdout.write(`removed ${outcome.file}\nto stop the running service, run:\n`);
    for (const line of outcome.next) io.stdout.write(`  ${line}\n`);
    return EXIT.ok;
  });
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      user: { type: "boolean" },
      dir: { type: "string" },
      manager: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
}
