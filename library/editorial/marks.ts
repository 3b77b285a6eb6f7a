import { z } from "zod";
import { accountName } from "../../adapters/host-identity.js";
import { EXIT, UserError } from "../../domain/errors.js";
import {
  MARKER_COLORS,
  MARKER_KINDS,
  MAX_MARKS_PER_ITEM,
  type MarkDeleted,
  type Marker,
  type Subclip,
} from "../../domain/schemas/marks.js";
import type { MarkPatch, MarkRow, MarkType, NewMark } from "../../state/repos/marks.js";
import type { LibraryStore } from "../../state/stores.js";
import type { Caller } from "../access/guard.js";
import { MAX_SECONDS } from "../media/edit.js";
import { notFound, requireItem } from "../media/ids.js";
import { textLength } from "../media/labels.js";

/** Longest marker or subclip name, in code points: a title, not a note. */
export const MARK_NAME_MAX = 200;
/** Longest note, in code points: a paragraph or two of script supervisor's remarks. */
export const MARK_NOTE_MAX = 5000;
export const DEFAULT_COLOR = "blue";

const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\n\r\t]/u;

/** One line, trimmed; every NLE shows a marker's name on one line. */
const name = z
  .string({ error: "expected a string" })
  .transform((value) => value.trim())
  .refine((value) => textLength(value) <= MARK_NAME_MAX, `at most ${MARK_NAME_MAX} characters`)
  .refine((value) => !CONTROL.test(value), "control characters (line breaks among them) are not allowed");

/** Free text over lines, trimmed; other control characters would break EDL and XML exports. */
const note = z
  .string({ error: "expected a string" })
  .transform((value) => value.trim())
  .refine((value) => textLength(value) <= MARK_NOTE_MAX, `at most ${MARK_NOTE_MAX} characters`)
  .refine(
    (value) => !CONTROL_BUT_LINES.test(value),
    "control characters other than line breaks and tabs are not allowed",
  );

const color = z.enum(MARKER_COLORS, { error: `expected one of ${MARKER_COLORS.join(", ")}` });
const kind = z.enum(MARKER_KINDS, { error: `expected one of ${MARKER_KINDS.join(", ")}` });

const seconds = z
  .number({ error: "expected a number of seconds" })
  .min(0, "must not be negative")
  .max(MAX_SECONDS, `must be at most ${MAX_SECONDS} seconds`)
  .transform((value) => (value === 0 ? 0 : value));

/** `POST /api/media/{id}/markers`: a point marker, or one lasting to `end_s`. */
export const MARKER_BODY = z.strictObject({
  name: name.optional(),
  note: note.optional(),
  color: color.optional(),
  kind: kind.optional(),
  start_s: seconds,
  end_s: seconds.nullable().optional(),
});

/** `POST /api/media/{id}/subclips`: a named range. */
export const SUBCLIP_BODY = z.strictObject({
  name: name.optional(),
  note: note.optional(),
  color: color.optional(),
  start_s: seconds,
  end_s: seconds,
});

const renamed = name.refine((value) => value !== "", "must not be empty");

/** `PATCH /api/markers/{id}`: a field left out stays; `end_s: null` makes it a point again. */
export const MARKER_PATCH = z.strictObject({
  name: renamed.optional(),
  note: note.optional(),
  color: color.optional(),
  kind: kind.optional(),
  start_s: seconds.optional(),
  end_s: seconds.nullable().optional(),
});

/** `PATCH /api/subclips/{id}`: a field left out stays. */
export const SUBCLIP_PATCH = z.strictObject({
  name: renamed.optional(),
  note: note.optional(),
  color: color.optional(),
  start_s: seconds.optional(),
  end_s: seconds.optional(),
});

export type MarkerBody = z.infer<typeof MARKER_BODY>;
export type SubclipBody = z.infer<typeof SUBCLIP_BODY>;
export type MarkerPatch = z.infer<typeof MARKER_PATCH>;
export type SubclipPatch = z.infer<typeof SUBCLIP_PATCH>;

const LABEL: Record<MarkType, { one: string; many: string; title: string }> = {
  marker: { one: "marker", many: "markers", title: "Marker" },
  subclip: { one: "subclip", many: "subclips", title: "Subclip" },
};

/**
 * Who a mark is signed with: the token's name, or for the people at the workstation (local
 * trust, and the CLI) the account svc runs as. A seat forwards with its seat token, whose name
 * the host then records.
 */
export function markAuthor(caller: Caller | undefined): string {
  return caller?.kind === "token" ? caller.token.name : accountName();
}

const invalid = (message: string) => new UserError(message, EXIT.usage, 422);

class MarkNotFound extends UserError {
  constructor(type: MarkType, id: number) {
    super(`no ${LABEL[type].one} ${id}`, EXIT.usage, 404);
    this.name = "MarkNotFound";
  }
}

/** Times must lie on the item's timeline: from 0 to its duration; an end after its start. */
function checkTimes(store: LibraryStore, mark: Pick<MarkRow, "media_id" | "type" | "start_s" | "end_s">) {
  const row = requireItem(store, mark.media_id);
  const what = LABEL[mark.type].one;
  if (row.duration_s === null || row.duration_s <= 0)
    throw invalid(`item ${row.id} has no duration (a still): ${LABEL[mark.type].many} need a timeline`);
  const duration = row.duration_s;
  if (mark.start_s > duration)
    throw invalid(`start_s (${mark.start_s}) is past the end of item ${row.id} (${duration} s)`);
  if (mark.end_s === null) {
    if (mark.type === "subclip") throw invalid("end_s: a subclip needs an end");
    return;
  }
  if (mark.end_s <= mark.start_s)
    throw invalid(`end_s (${mark.end_s}) must be after start_s (${mark.start_s}) for a ${what}`);
  if (mark.end_s > duration)
    throw invalid(`end_s (${mark.end_s}) is past the end of item ${row.id} (${duration} s)`);
}

const asMarker = ({ type: _type, ...row }: MarkRow) => row as Marker;
const asSubclip = ({ type: _type, ...row }: MarkRow) => row as Subclip;

function list(store: LibraryStore, mediaId: number, type: MarkType): MarkRow[] {
  requireItem(store, mediaId);
  return store.marks.forMedia(mediaId, type);
}

function add(
  store: LibraryStore,
  mediaId: number,
  fields: Omit<NewMark, "name" | "author" | "type"> & { name: string | undefined },
  type: MarkType,
  author: string,
): MarkRow {
  const given = fields.name === undefined || fields.name === "" ? undefined : fields.name;
  const mark: NewMark = { ...fields, type, name: given ?? "", author };
  checkTimes(store, { ...mark, media_id: mediaId });
  const added = store.marks.add(mediaId, mark, (count) => {
    if (count >= MAX_MARKS_PER_ITEM)
      throw invalid(
        `item ${mediaId} already has ${MAX_MARKS_PER_ITEM.toLocaleString("en")} ${LABEL[type].many}, the most one item may carry`,
      );
    // Numbered in the write transaction, so two added at once are not both "Marker 3".
    if (given === undefined) mark.name = `${LABEL[type].title} ${count + 1}`;
  });
  if (!added) throw notFound(mediaId);
  return added;
}

function patch(store: LibraryStore, id: number, type: MarkType, change: MarkPatch): MarkRow {
  const patched = store.marks.patch(id, type, change, (merged) => checkTimes(store, merged));
  if (!patched) throw new MarkNotFound(type, id);
  return patched;
}

function remove(store: LibraryStore, id: number, type: MarkType): MarkDeleted {
  if (!store.marks.remove(id, type)) throw new MarkNotFound(type, id);
  return { id, deleted: true };
}

/** The item's markers, in time order (`GET /api/media/{id}/markers`). */
export function listMarkers(store: LibraryStore, mediaId: number): { items: Marker[] } {
  return { items: list(store, mediaId, "marker").map(asMarker) };
}

/** The item's subclips, in time order (`GET /api/media/{id}/subclips`). */
export function listSubclips(store: LibraryStore, mediaId: number): { items: Subclip[] } {
  return { items: list(store, mediaId, "subclip").map(asSubclip) };
}

/** Both of an item's lists, for its detail answers (the route and MCP's get_media). */
export function itemMarks(store: LibraryStore, mediaId: number): { markers: Marker[]; subclips: Subclip[] } {
  return {
    markers: store.marks.forMedia(mediaId, "marker").map(asMarker),
    subclips: store.marks.forMedia(mediaId, "subclip").map(asSubclip),
  };
}

/** `POST /api/media/{id}/markers`: blue, of kind marker, named "Marker N" unless told otherwise. */
export function addMarker(store: LibraryStore, mediaId: number, body: MarkerBody, author: string): Marker {
  const fields = {
    name: body.name,
    note: body.note ?? "",
    color: body.color ?? DEFAULT_COLOR,
    kind: body.kind ?? "marker",
    start_s: body.start_s,
    end_s: body.end_s ?? null,
  };
  return asMarker(add(store, mediaId, fields, "marker", author));
}

/** `POST /api/media/{id}/subclips`: blue and named "Subclip N" unless told otherwise. */
export function addSubclip(store: LibraryStore, mediaId: number, body: SubclipBody, author: string): Subclip {
  const fields = {
    name: body.name,
    note: body.note ?? "",
    color: body.color ?? DEFAULT_COLOR,
    kind: null,
    start_s: body.start_s,
    end_s: body.end_s,
  };
  return asSubclip(add(store, mediaId, fields, "subclip", author));
}

/** `PATCH /api/markers/{id}`. */
export function patchMarker(store: LibraryStore, id: number, change: MarkerPatch): Marker {
  return asMarker(patch(store, id, "marker", change));
}

/** `PATCH /api/subclips/{id}`. */
export function patchSubclip(store: LibraryStore, id: number, change: SubclipPatch): Subclip {
  return asSubclip(patch(store, id, "subclip", change));
}

/** `DELETE /api/markers/{id}`. */
export function deleteMarker(store: LibraryStore, id: number): MarkDeleted {
  return remove(store, id, "marker");
}

/** `DELETE /api/subclips/{id}`. */
export function deleteSubclip(store: LibraryStore, id: number): MarkDeleted {
  return remove(store, id, "subclip");
}
