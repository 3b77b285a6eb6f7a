/**
 * What a caller may learn of a folder: admins get the absolute root, everyone else its last
 * segment (POSIX, `X:\`, `X:/` and UNC forms alike; a bare drive is shown as `X:`).
 */
export function folderName(root: string): string {
  const trimmed = root.replace(/[\\/]+$/, "");
  if (/^[A-Za-z]:$/.test(trimmed)) return trimmed;
  const last = trimmed
    .split(/[\\/]+/)
    .filter(Boolean)
    .at(-1);
  return last ?? "";
}

/** A project as messages name it when only its root is known: its folder's name, in quotes. */
export const folderLabel = (root: string): string => `"${folderName(root)}"`;
