import { parseArgs } from "node:util";
import { mountedStorage } from "../adapters/mount-table.js";
import { EXIT, UserError } from "../domain/errors.js";
import { parseMediaId } from "../library/media/ids.js";
import { listTrash, purgeTrash, restoreFromTrash } from "../library/organise/trash.js";
import { openLibrary } from "../state/stores.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const TRASH_USAGE =
  "usage: svc trash list [--json] | svc trash restore ID [--json] | svc trash empty [--older-than DAYS]";

/** `svc trash`: what was deleted from PROJECT_ROOT, putting it back, and emptying the trash. */
export async function trashCommand(argv: string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(rest);
  } catch (error) {
    fail(io, `${(error as Error).message}\n${TRASH_USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  const arity: Record<string, number> = { list: 0, restore: 1, empty: 0 };
  if (!action || arity[action] === undefined || positionals.length !== arity[action]) {
    fail(io, TRASH_USAGE);
    return EXIT.usage;
  }
  const olderThan = values["older-than"];
  if (olderThan !== undefined && !/^\d{1,5}$/.test(olderThan)) {
    fail(io, `--older-than takes a whole number of days (got "${olderThan.slice(0, 20)}")`);
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: false, tools: action === "restore" }, async (ctx) => {
    const root = ctx.config.projectRoot;
    if (!root) throw new UserError("PROJECT_ROOT is not set: point it at the footage folder", EXIT.usage);
    if (action !== "list") await ctx.hosts.acquire(root);
    const store = openLibrary(root, { mounts: mountedStorage });
    try {
      if (action === "list") {
        const items = listTrash(store, ctx.config.trashDays);
        if (values.json) io.stdout.write(`${JSON.stringify({ items })}\n`);
        else if (items.length === 0) io.stdout.write("the trash is empty\n");
        else for (const e of items) io.stdout.write(`${e.id}\t${e.deleted_at}\t${e.path}\n`);
      } else if (action === "restore") {
        const report = await restoreFromTrash(
          ctx,
          store,
          parseMediaId(positionals[0], "ID"),
          "svc trash restore (cli)",
        );
        if (values.json) io.stdout.write(`${JSON.stringify(report)}\n`);
        else
          io.stdout.write(
            `restored ${report.restored.path}${report.media_id ? ` as item ${report.media_id}` : ""}\n`,
          );
        if (report.ingest_note) fail(io, report.ingest_note);
      } else {
        const report = await purgeTrash(store, olderThan === undefined ? 0 : Number(olderThan));
        io.stdout.write(`removed ${report.purged} file(s) from the trash for good\n`);
        if (report.failed > 0) {
          fail(io, `${report.failed} file(s) could not be removed; they stay in the trash`);
          return EXIT.partial;
        }
      }
      return EXIT.ok;
    } finally {
      store.close();
    }
  });
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { json: { type: "boolean" }, "older-than": { type: "string" } },
  });
}
