import { resolve } from "node:path";
import { EXIT } from "../domain/errors.js";
import { addProject, listProjectStates, removeProject } from "../library/organise/projects.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const PROJECT_USAGE =
  "usage: svc project add NAME PATH | svc project list [--json] | svc project remove NAME";

export async function projectCommand(argv: string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  const json = rest.includes("--json");
  const args = rest.filter((a) => a !== "--json");
  const arity: Record<string, number> = { add: 2, list: 0, remove: 1 };
  if (!action || arity[action] === undefined || args.length !== arity[action]) {
    fail(io, PROJECT_USAGE);
    return EXIT.usage;
  }
  return withContext(io, { stdoutLogs: false, tools: false }, async (ctx) => {
    if (action === "add") {
      // A relative PATH is where the user stands (the library takes absolute folders only); an
      // empty one stays empty, to be refused, rather than becoming this folder.
      const path = args[1] ?? "";
      const row = await addProject(ctx, args[0] ?? "", path.trim() === "" ? path : resolve(path));
      io.stdout.write(json ? `${JSON.stringify(row)}\n` : `project "${row.name}" → ${row.root}\n`);
    } else if (action === "remove") {
      removeProject(ctx.registry, args[0] ?? "");
      io.stdout.write(
        `project "${(args[0] ?? "").trim()}" removed (its files and .svc data are untouched)\n`,
      );
    } else {
      const rows = await listProjectStates(ctx.registry);
      if (json) io.stdout.write(`${JSON.stringify(rows)}\n`);
      else if (rows.length === 0) io.stdout.write("no projects registered\n");
      else
        for (const row of rows) {
          const nested = row.nested_with.length > 0 ? `\tnested with ${row.nested_with.join(", ")}` : "";
          io.stdout.write(`${row.name}\t${row.root}\t${row.state}${nested}\n`);
        }
    }
    return EXIT.ok;
  });
}
