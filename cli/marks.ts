import { type ParseArgsConfig, parseArgs } from "node:util";
import type { z } from "zod";
import { EXIT, UserError } from "../domain/errors.js";
import type { Marker, Subclip } from "../domain/schemas/marks.js";
import { timeOnItem } from "../library/editorial/mark-times.js";
import {
  addMarker,
  addSubclip,
  deleteMarker,
  deleteSubclip,
  listMarkers,
  listSubclips,
  MARKER_BODY,
  markAuthor,
  SUBCLIP_BODY,
} from "../library/editorial/marks.js";
import { LibraryPool } from "../library/library-pool.js";
import { parseMediaId } from "../library/media/ids.js";
import type { LibraryStore } from "../state/stores.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const MARKER_USAGE =
  "usage: svc marker add ID --at T [--end T] [--name N] [--note TEXT] [--color C] [--kind marker|todo|chapter]\n" +
  "                          [--project P] [--json]\n" +
  "       svc marker list ID [--project P] [--json]\n" +
  "       svc marker rm MARKER_ID [--project P] [--json]\n" +
  "       T: seconds of the file (12.5) or a timecode HH:MM:SS:FF from the clip's start timecode";

export const SUBCLIP_USAGE =
  "usage: svc subclip add ID --in T --out T [--name N] [--note TEXT] [--color C] [--project P] [--json]\n" +
  "       svc subclip list ID [--project P] [--json]\n" +
  "       svc subclip rm SUBCLIP_ID [--project P] [--json]\n" +
  "       T: seconds of the file (12.5) or a timecode HH:MM:SS:FF from the clip's start timecode";

const SHARED = {
  name: { type: "string" },
  note: { type: "string" },
  color: { type: "string" },
  project: { type: "string" },
  json: { type: "boolean" },
} as const;

const MARKER_OPTIONS = {
  ...SHARED,
  at: { type: "string" },
  end: { type: "string" },
  kind: { type: "string" },
} as const;
const SUBCLIP_OPTIONS = { ...SHARED, in: { type: "string" }, out: { type: "string" } } as const;

type Values = Partial<Record<string, string | boolean | (string | boolean)[]>>;

/** What a command of either kind does with its parsed flags. */
interface Kind {
  readonly usage: string;
  readonly options: NonNullable<ParseArgsConfig["options"]>;
  /** Flags `add` needs, and the flag each body time field is typed with. */
  readonly times: { start_s: string; end_s: string };
  readonly required: readonly string[];
  readonly body: z.ZodType;
  readonly list: (store: LibraryStore, id: number) => { items: (Marker | Subclip)[] };
  readonly add: (store: LibraryStore, id: number, body: never, author: string) => Marker | Subclip;
  readonly remove: (store: LibraryStore, id: number) => { id: number; deleted: true };
  readonly word: string;
}

const MARKER: Kind = {
  usage: MARKER_USAGE,
  options: MARKER_OPTIONS,
  times: { start_s: "--at", end_s: "--end" },
  required: ["at"],
  body: MARKER_BODY,
  list: listMarkers,
  add: addMarker,
  remove: deleteMarker,
  word: "marker",
};

const SUBCLIP: Kind = {
  usage: SUBCLIP_USAGE,
  options: SUBCLIP_OPTIONS,
  times: { start_s: "--in", end_s: "--out" },
  required: ["in", "out"],
  body: SUBCLIP_BODY,
  list: listSubclips,
  add: addSubclip,
  remove: deleteSubclip,
  word: "subclip",
};

/** `svc marker add|list|rm`: an item's markers, the same library functions as the API's. */
export const markerCommand = (argv: string[], io: Io) => marksCommand(MARKER, argv, io);

/** `svc subclip add|list|rm`: an item's subclips, the same library functions as the API's. */
export const subclipCommand = (argv: string[], io: Io) => marksCommand(SUBCLIP, argv, io);

const seconds = (value: number | null) => (value === null ? "" : String(Math.round(value * 1000) / 1000));
const oneLine = (text: string) => text.replace(/\s+/g, " ");

function describe(mark: Marker | Subclip): string {
  const span =
    mark.end_s === null ? `${seconds(mark.start_s)}` : `${seconds(mark.start_s)}-${seconds(mark.end_s)}`;
  return [mark.id, span, mark.color, mark.kind ?? "", oneLine(mark.name), oneLine(mark.note)].join("\t");
}

async function marksCommand(kind: Kind, argv: string[], io: Io): Promise<number> {
  const [action, ...rest] = argv;
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: kind.options,
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    fail(io, `${(error as Error).message}\n${kind.usage}`);
    return EXIT.usage;
  }
  const editing = [
    "name",
    "note",
    "color",
    "kind",
    ...Object.values(kind.times).map((flag) => flag.slice(2)),
  ];
  const stray = action === "add" ? [] : editing.filter((flag) => values[flag] !== undefined);
  const missing = action === "add" ? kind.required.filter((flag) => values[flag] === undefined) : [];
  if (!action || !["add", "list", "rm"].includes(action) || positionals.length !== 1 || stray.length > 0) {
    fail(io, kind.usage);
    return EXIT.usage;
  }
  if (missing.length > 0) {
    fail(io, `${kind.word} add needs ${missing.map((flag) => `--${flag}`).join(" and ")}\n${kind.usage}`);
    return EXIT.usage;
  }
  const project = values.project as string | undefined;
  return withContext(io, { stdoutLogs: false, tools: false }, async (ctx) => {
    const libraries = new LibraryPool(ctx);
    try {
      const id = parseMediaId(positionals[0], action === "rm" ? `${kind.word.toUpperCase()}_ID` : "ID");
      if (action !== "list") await ctx.hosts.acquire(libraries.project(project).root);
      const store = libraries.library(project);
      const json = values.json === true;
      if (action === "list") {
        const { items } = kind.list(store, id);
        if (json) io.stdout.write(`${JSON.stringify({ items })}\n`);
        else if (items.length === 0) io.stdout.write(`item ${id} has no ${kind.word}s\n`);
        else for (const mark of items) io.stdout.write(`${describe(mark)}\n`);
      } else if (action === "rm") {
        const result = kind.remove(store, id);
        io.stdout.write(json ? `${JSON.stringify(result)}\n` : `deleted ${kind.word} ${id}\n`);
      } else {
        const body = parseBody(kind, store, id, values);
        const mark = kind.add(store, id, body as never, markAuthor(undefined));
        io.stdout.write(json ? `${JSON.stringify(mark)}\n` : `${describe(mark)}\n`);
      }
      return EXIT.ok;
    } finally {
      libraries.closeAll();
    }
  });
}

/** The flags as the API's body, checked by the same schema; a refusal names the flag. */
function parseBody(kind: Kind, store: LibraryStore, id: number, values: Values): unknown {
  const time = (field: "start_s" | "end_s") => {
    const flag = kind.times[field];
    const raw = values[flag.slice(2)];
    return typeof raw === "string" ? timeOnItem(store, id, raw, flag) : undefined;
  };
  const fields: Record<string, unknown> = {
    name: values.name,
    note: values.note,
    color: values.color,
    kind: values.kind,
    start_s: time("start_s"),
    end_s: time("end_s"),
  };
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const parsed = kind.body.safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? "");
  const flag = field in kind.times ? kind.times[field as "start_s" | "end_s"] : `--${field}`;
  throw new UserError(`${flag}: ${issue?.message ?? "invalid"}`, EXIT.usage, 422);
}
