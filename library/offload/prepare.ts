import { mkdir, realpath, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import { isErrno } from "../../state/errno.js";
import { checkDestination, type DenyContext, type DestinationVerdict } from "./deny-list.js";
import { type CardFile, enumerateCard } from "./enumerate.js";
import { checkApiSource, type SourceRoots } from "./sources.js";

/** A refused destination or source: 403 when denied, 422 when malformed; exit 2 on the CLI. */
export class OffloadRefused extends UserError {
  constructor(message: string, status: 403 | 422 | 409 = 422) {
    super(message, EXIT.usage, status);
    this.name = "OffloadRefused";
  }
}

export interface OffloadPlan {
  /** Real path of the card. */
  source: string;
  /** Real paths of the destination folders, in the order given (created when missing). */
  dests: string[];
  files: CardFile[];
}

const inside = (child: string, parent: string) => {
  const rel = relative(parent, child);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
async function resolveThrough(path: string): Promise<string> {
  const rest: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      return join(await realpath(current), ...rest.reverse());
    } catch (error) {
      if (!isErrno(error, "ENOENT") || dirname(current) === current) throw error;
      rest.push(basename(current));
      current = dirname(current);
    }
  }
}

const refusal = (verdict: Exclude<DestinationVerdict, { ok: true }>) =>
  new OffloadRefused(verdict.reason, verdict.kind === "denied" ? 403 : 422);

/** `sources`: the roots an API caller may read from (sources.ts); absent for the CLI and card watching. */
async function checkSource(source: unknown, context: DenyContext, sources?: SourceRoots): Promise<string> {
  if (typeof source !== "string" || source.trim() === "") throw new OffloadRefused("the source is empty");
  if (source.includes("\0")) throw new OffloadRefused("the source contains a NUL byte");
  if (sources) {
    const given = await checkApiSource(source, sources, context);
    if (!given.ok) throw refusal(given);
  }
  let real: string;
  try {
    real = await realpath(resolve(source));
  } catch {
    throw new OffloadRefused("the source does not exist (card not mounted?)");
  }
  if (sources) {
    const resolved = await checkApiSource(real, sources, context);
    if (!resolved.ok) throw refusal(resolved);
  }
  if (!(await stat(real)).isDirectory()) throw new OffloadRefused("the source is not a folder");
  return real;
}

async function checkDest(dest: string, source: string, context: DenyContext): Promise<string> {
  const given = checkDestination(dest, context);
  if (!given.ok) throw refusal(given);
  let real: string;
  try {
    real = await resolveThrough(dest);
  } catch (error) {
    throw new OffloadRefused(
      `the destination cannot be reached (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  // A symlink into a protected place is as protected as the place.
  const resolved = checkDestination(real, context);
  if (!resolved.ok) throw refusal(resolved);
  const info = await stat(real).catch(() => null);
  if (info && !info.isDirectory()) throw new OffloadRefused("the destination is a file, not a folder");
  if (inside(real, source)) throw new OffloadRefused("the destination is inside the source");
  return real;
}

/**
 * Checks a request before any byte moves: the source is a folder with files (where an API caller
 * may read, when `sources` is given), each destination is well-formed, outside the deny-list (as
 * given and resolved), not inside the source and not given twice. Missing destination folders are
 * created. Throws OffloadRefused.
 */
export async function prepareOffload(
  request: { source: unknown; dests: readonly unknown[] },
  context: DenyContext,
  signal?: AbortSignal,
  sources?: SourceRoots,
): Promise<OffloadPlan> {
  if (request.dests.length === 0) throw new OffloadRefused("give at least one destination");
  const source = await checkSource(request.source, context, sources);
  const dests: string[] = [];
  for (const dest of request.dests) {
    if (typeof dest !== "string") throw new OffloadRefused("a destination must be a path");
    const real = await checkDest(dest, source, context);
    if (dests.includes(real)) throw new OffloadRefused("the same destination is given twice");
    dests.push(real);
  }
  const files = await enumerateCard(source, signal);
  for (const dest of dests) {
    try {
      await mkdir(dest, { recursive: true });
    } catch (error) {
      throw new OffloadRefused(
        `a destination folder cannot be created (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  }
  return { source, dests, files };
}
