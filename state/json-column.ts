import type { z } from "zod";

export type JsonColumn<T> =
  | { ok: true; value: T }
  | { ok: false; problem: "empty" | "not JSON" | "wrong shape" };

/**
 * Reads a JSON text column against the shape it should have. A stored column can be damaged (a
 * hand edit, an older version, a crash mid-migration), so nothing throws: the caller decides what a
 * damaged value means — none, fail closed, or a warning.
 */
export function parseJsonColumn<T>(json: string | null | undefined, schema: z.ZodType<T>): JsonColumn<T> {
  if (json === null || json === undefined || json.trim() === "") return { ok: false, problem: "empty" };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: "wrong shape" };
}

/** The column's value, or `fallback` when it is empty or damaged. */
export function readJsonColumn<T>(json: string | null | undefined, schema: z.ZodType<T>, fallback: T): T {
  const column = parseJsonColumn(json, schema);
  return column.ok ? column.value : fallback;
}
