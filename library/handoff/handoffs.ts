import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { Handoff, HandoffCreated, HandoffList, HandoffSummary } from "../../domain/schemas/handoff.js";
import { readJsonColumn } from "../../state/json-column.js";
import type { Logger } from "../../state/logger.js";
import { readProjectId } from "../../state/project-id.js";
import type { HandoffRow, HandoffTarget } from "../../state/repos/handoffs.js";
import type { MediaRefs } from "../export/build.js";
import { loadClips } from "../export/timeline.js";
import type { LibraryPool } from "../library-pool.js";
import { wholeNumber } from "../media/query.js";
import { type HandoffProject, handoffAnswer } from "./answer.js";
import { type HandoffBody, STORED_REQUEST } from "./request.js";

/** The application every hand-off is for, so far. */
const TARGET: HandoffTarget = "resolve";
export const LIST_DEFAULT = 20;
export const LIST_MAX = 100;
/** Ids named in a refusal at most. */
const SHOWN = 10;

/** `GET /api/handoffs`' own parameter. */
export const LIST_LIMIT = z
  .preprocess((v) => (v === "" ? undefined : v), wholeNumber(1, LIST_MAX).optional())
  .describe(`Hand-offs listed, newest first: 1 to ${LIST_MAX}, ${LIST_DEFAULT} when not given`);

/** The project a request names (`?project=`, else the default one), opened with its name and id. */
export function handoffProject(libraries: LibraryPool, name: string | undefined): HandoffProject {
  const store = libraries.library(name);
  return { store, name: libraries.project(name).name, id: readProjectId(store.paths) };
}

const statusOf = (row: HandoffRow) => (row.taken_at === null ? "pending" : "done");

const shown = (ids: readonly number[]) =>
  `${ids.slice(0, SHOWN).join(", ")}${ids.length > SHOWN ? ", …" : ""}`;

/**
 * Records a hand-off for the Resolve script to take: 404 naming the ids that are no items, 422
 * naming the subclip ids that are no subclip of a chosen item; nothing is stored then. The bin is
 * the project's name unless one is given.
 */
export function createHandoff(project: HandoffProject, body: HandoffBody, author: string): HandoffCreated {
  const clips = loadClips(project.store, body.ids, false, "none");
  if (Array.isArray(body.subclips)) {
    const owned = new Set(clips.flatMap((clip) => (clip.subclips ?? []).map((mark) => mark.id)));
    const stray = body.subclips.filter((id) => !owned.has(id));
    if (stray.length > 0)
      throw new UserError(
        `subclips: ${shown(stray)} ${stray.length === 1 ? "is no subclip" : "are no subclips"} of the chosen items`,
        EXIT.usage,
        422,
      );
  }
  const row = project.store.handoffs.add({
    target: TARGET,
    bin: body.bin ?? project.name,
    request_json: JSON.stringify({ ids: body.ids, subclips: body.subclips }),
    author,
  });
  return {
    id: row.id,
    status: statusOf(row),
    bin: row.bin,
    items: body.ids.length,
    created_at: row.created_at,
  };
}

/**
 * Takes the newest pending hand-off for the script (it is done from then on, whoever asks next)
 * and answers it as `refs` allows the taker to see paths; null when none is pending.
 */
export async function takeNextHandoff(
  project: HandoffProject,
  takenBy: string,
  refs: MediaRefs,
  log: Logger,
): Promise<Handoff | null> {
  const row = project.store.handoffs.takeNewest(TARGET, takenBy);
  return row ? handoffAnswer(project, row, refs, log) : null;
}

/** One hand-off, pending or done, left as it is (the script's retry); 404 when there is none. */
export async function handoffById(
  project: HandoffProject,
  id: number,
  refs: MediaRefs,
  log: Logger,
): Promise<Handoff> {
  const row = project.store.handoffs.get(id);
  if (!row) throw new UserError(`no hand-off ${id}`, EXIT.usage, 404);
  return handoffAnswer(project, row, refs, log);
}

function summaryOf(row: HandoffRow): HandoffSummary {
  const request = readJsonColumn(row.request_json, STORED_REQUEST, { ids: [], subclips: false });
  return {
    id: row.id,
    status: statusOf(row),
    bin: row.bin,
    items: request.ids.length,
    author: row.author,
    created_at: row.created_at,
    taken_at: row.taken_at,
    taken_by: row.taken_by,
  };
}

/** The newest hand-offs first, pending and done. */
export function listHandoffs(project: HandoffProject, limit = LIST_DEFAULT): HandoffList {
  return { items: project.store.handoffs.list(limit).map(summaryOf) };
}
