import { EXIT, UserError } from "../../domain/errors.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";

// Canonical decimal only: no sign, no leading zero, no exponent, nothing a path could hide in.
const ID = /^[1-9]\d{0,14}$/;

/** A media id from a path segment or a parameter; 422 for anything but a positive whole number. */
export function parseMediaId(raw: string | undefined | null, field = "id"): number {
  if (raw === undefined || raw === null || !ID.test(raw)) {
    throw new UserError(`${field}: expected a positive whole number`, EXIT.usage, 422);
  }
  return Number(raw);
}

/** A scene or key-frame index: 0, 1, 2… */
export function parseIndex(raw: string | undefined | null, field = "index"): number {
  if (raw === undefined || raw === null || !/^(0|[1-9]\d{0,5})$/.test(raw)) {
    throw new UserError(`${field}: expected a whole number from 0`, EXIT.usage, 422);
  }
  return Number(raw);
}

/** The id names no item of the project (a 404 over HTTP, a null answer over MCP). */
export class ItemNotFound extends UserError {
  constructor(id: number) {
    super(`no media item ${id}`, EXIT.usage, 404);
    this.name = "ItemNotFound";
  }
}

export const notFound = (id: number) => new ItemNotFound(id);

export function requireItem(store: LibraryStore, id: number): MediaRow {
  const row = store.media.get(id);
  if (!row) throw notFound(id);
  return row;
}
