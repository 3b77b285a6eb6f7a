/**
 * Rewrites the string `key` of every object in a stored JSON list (a transcript's segments or
 * words), through `change`. Anything else in the list is kept as it is; a column that is not a
 * JSON list, or where nothing changed, comes back as the very same text, so a damaged column is
 * never rewritten and an unchanged one keeps its exact bytes.
 */
export function mapListField(
  json: string,
  key: string,
  change: (value: string) => string,
): { json: string; changed: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { json, changed: false };
  }
  if (!Array.isArray(parsed)) return { json, changed: false };
  let changed = false;
  for (const entry of parsed) {
    if (entry === null || typeof entry !== "object") continue;
    const record = entry as Record<string, unknown>;
    const value = record[key];
    if (typeof value !== "string") continue;
    const next = change(value);
    if (next !== value) {
      record[key] = next;
      changed = true;
    }
  }
  return changed ? { json: JSON.stringify(parsed), changed } : { json, changed };
}
