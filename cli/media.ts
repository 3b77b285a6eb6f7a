import { parseArgs } from "node:util";
import { mountedStorage } from "../adapters/mount-table.js";
import { EXIT, UserError } from "../domain/errors.js";
import { setDesqueeze } from "../library/media/desqueeze.js";
import { parseMediaId } from "../library/media/ids.js";
import { pathLinks } from "../library/media/view.js";
import { openLibrary } from "../state/stores.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const MEDIA_USAGE = "usage: svc media desqueeze ID VALUE [--json]";

/** `svc media`: edits to one item of PROJECT_ROOT. */
export async function mediaCommand(argv: string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(rest);
  } catch (error) {
    fail(io, `${(error as Error).message}\n${MEDIA_USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  const [rawId, rawValue] = positionals;
  if (action !== "desqueeze" || positionals.length !== 2 || rawValue === undefined) {
    fail(io, MEDIA_USAGE);
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: false, tools: true }, async (ctx) => {
    const root = ctx.config.projectRoot;
    if (!root) throw new UserError("PROJECT_ROOT is not set: point it at the footage folder", EXIT.usage);
    const id = parseMediaId(rawId, "ID");
    const value = /^\d+(\.\d+)?$/.test(rawValue) ? Number(rawValue) : Number.NaN;
    await ctx.hosts.acquire(root);
    const store = openLibrary(root, { mounts: mountedStorage });
    try {
      const { item, proxyPending } = await setDesqueeze(ctx, store, id, value, pathLinks);
      if (values.json) io.stdout.write(`${JSON.stringify(item)}\n`);
      else
        io.stdout.write(
          `${item.path}: desqueeze ${item.desqueeze}, shown ${item.display_width}×${item.display_height}\n`,
        );
      if (proxyPending) fail(io, "its playback proxy is remade by the next ingest pass");
      return EXIT.ok;
    } finally {
      store.close();
    }
  });
}

function parse(args: string[]) {
  return parseArgs({ args, strict: true, allowPositionals: true, options: { json: { type: "boolean" } } });
}
