import { parseArgs } from "node:util";
import { EXIT, UserError } from "../domain/errors.js";
import { markAuthor } from "../library/editorial/marks.js";
import { idList, MAX_TIMELINE_CLIPS } from "../library/export/timeline.js";
import { createHandoff, handoffProject, LIST_MAX, listHandoffs } from "../library/handoff/handoffs.js";
import { HANDOFF_BODY, type HandoffBody } from "../library/handoff/request.js";
import { LibraryPool } from "../library/library-pool.js";
import { ensureProjectRoot } from "../library/organise/projects.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const HANDOFF_USAGE =
  "usage: svc handoff create --ids 1,2,3 [--bin NAME] [--subclips all|none|4,5] [--project NAME] [--json]\n" +
  `       svc handoff list [--limit N] [--project NAME] [--json]\n` +
  "       create: a hand-off for DaVinci Resolve (the same as POST /api/handoff); then, in Resolve,\n" +
  "       Workspace → Scripts → svc_resolve (installed by svc nle install resolve) imports it.\n" +
  "       --bin defaults to the project's name; --subclips to all subclips of the items.\n" +
  `       list: the newest hand-offs first (at most ${LIST_MAX}).`;

const OPTIONS = {
  ids: { type: "string" },
  bin: { type: "string" },
  subclips: { type: "string" },
  limit: { type: "string" },
  project: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]["type"] extends "string" ? string : boolean;
};

const usageError = (message: string) => new UserError(`${message}\n${HANDOFF_USAGE}`, EXIT.usage);

/** `--subclips all|none|4,5` as the API's `subclips`. */
function subclipsFlag(raw: string | undefined): HandoffBody["subclips"] {
  if (raw === undefined || raw === "all") return true;
  if (raw === "none") return false;
  const ids = idList(Number.MAX_SAFE_INTEGER).safeParse(raw);
  if (!ids.success)
    throw usageError(`--subclips takes all, none or subclip ids such as 4,5 (got "${raw.slice(0, 40)}")`);
  return ids.data;
}

/** The flags as the API's body, checked by the same schema; a refusal names the flag. */
function bodyOf(values: Values): HandoffBody {
  if (values.ids === undefined) throw usageError("handoff create needs --ids");
  const ids = idList(MAX_TIMELINE_CLIPS).safeParse(values.ids);
  if (!ids.success) throw usageError(`--ids: ${ids.error.issues[0]?.message ?? "invalid"}`);
  const parsed = HANDOFF_BODY.safeParse({
    ids: ids.data,
    subclips: subclipsFlag(values.subclips),
    ...(values.bin === undefined ? {} : { bin: values.bin }),
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw usageError(`--${String(issue?.path[0] ?? "ids")}: ${issue?.message ?? "invalid"}`);
}

function limitOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || limit < 1 || limit > LIST_MAX)
    throw usageError(`--limit takes a whole number from 1 to ${LIST_MAX} (got "${raw.slice(0, 20)}")`);
  return limit;
}

/** `svc handoff create|list`: hand-offs to DaVinci Resolve, the same library functions as the API's. */
export async function handoffCommand(argv: string[], io: Io): Promise<number> {
  const action = argv[0]?.startsWith("-") ? undefined : argv[0];
  let values: Values;
  try {
    ({ values } = parseArgs({
      args: action === undefined ? argv : argv.slice(1),
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(io, `${(error as Error).message}\n${HANDOFF_USAGE}`);
    return EXIT.usage;
  }
  if (values.help) {
    io.stdout.write(`${HANDOFF_USAGE}\n`);
    return EXIT.ok;
  }
  const stray =
    action === "list"
      ? ["ids", "bin", "subclips"].filter((flag) => flag in values)
      : ["limit"].filter((flag) => flag in values);
  if ((action !== "create" && action !== "list") || stray.length > 0) {
    fail(io, HANDOFF_USAGE);
    return EXIT.usage;
  }
  let asked: { action: "create"; body: HandoffBody } | { action: "list"; limit: number | undefined };
  try {
    asked = action === "create" ? { action, body: bodyOf(values) } : { action, limit: limitOf(values.limit) };
  } catch (error) {
    fail(io, (error as Error).message);
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: false, tools: false }, async (ctx) => {
    if (ctx.config.projectRoot) await ensureProjectRoot(ctx, ctx.config.projectRoot);
    const libraries = new LibraryPool(ctx);
    try {
      if (asked.action === "list") {
        const { items } = listHandoffs(handoffProject(libraries, values.project), asked.limit);
        if (values.json) io.stdout.write(`${JSON.stringify({ items })}\n`);
        else if (items.length === 0) io.stdout.write("no hand-offs yet\n");
        else
          for (const h of items)
            io.stdout.write(
              `${[h.id, h.status, h.bin, `${h.items} items`, h.author, h.created_at, h.taken_by ?? ""].join("\t")}\n`,
            );
        return EXIT.ok;
      }
      await ctx.hosts.acquire(libraries.project(values.project).root);
      const made = createHandoff(
        handoffProject(libraries, values.project),
        asked.body,
        markAuthor(undefined),
      );
      if (values.json) io.stdout.write(`${JSON.stringify(made)}\n`);
      else
        io.stdout.write(
          `hand-off ${made.id} ready (${made.items} items, bin "${made.bin}")\n` +
            "in DaVinci Resolve, open the project and run Workspace → Scripts → svc_resolve\n" +
            "(not in that menu? install the script with: svc nle install resolve)\n",
        );
      return EXIT.ok;
    } finally {
      libraries.closeAll();
    }
  });
}
