/**
 * Where a scanned file lands. `needs_proxy`: a camera original ffmpeg cannot decode (RAW) with no
 * camera-made proxy beside it yet; listed with what could be read, neither ingested nor failed.
 */
export type Category = "ingested" | "unchanged" | "skipped" | "failed" | "needs_proxy";
export const CATEGORIES: readonly Category[] = ["ingested", "unchanged", "skipped", "failed", "needs_proxy"];

export type Counts = Record<Category, number>;

export interface Reconciliation {
  ok: boolean;
  problems: string[];
}

/**
 * Every scanned file must land in exactly one category, and every file counted as ingested
 * must have its finished row. A pass that cannot show this exits 7.
 */
export function reconcile(
  scanned: readonly string[],
  outcomes: ReadonlyMap<string, readonly Category[]>,
  hasFinishedRow: (relPath: string) => boolean,
): Reconciliation {
  const problems: string[] = [];
  const scannedSet = new Set(scanned);
  for (const path of scannedSet) {
    const landed = outcomes.get(path) ?? [];
    if (landed.length === 0) problems.push(`${path}: scanned but not counted`);
    else if (landed.length > 1)
      problems.push(`${path}: counted ${landed.length} times (${landed.join(", ")})`);
    else if (landed[0] === "ingested" && !hasFinishedRow(path))
      problems.push(`${path}: counted as ingested but has no row`);
  }
  for (const path of outcomes.keys()) {
    if (!scannedSet.has(path)) problems.push(`${path}: counted but never scanned`);
  }
  return { ok: problems.length === 0, problems };
}

export function countOutcomes(outcomes: ReadonlyMap<string, readonly Category[]>): Counts {
  const counts: Counts = { ingested: 0, unchanged: 0, skipped: 0, failed: 0, needs_proxy: 0 };
  for (const landed of outcomes.values()) for (const c of landed) counts[c] += 1;
  return counts;
}

export interface ExitFacts {
  counts: Counts;
  reconciled: boolean;
  halted: boolean;
  /** The model host answered but lacks a model a stage of this pass needs. */
  modelMissing?: boolean;
}

/**
 * Ingest exit code when several conditions apply: 2, then 7, then 1. Files that need a proxy are
 * neither processed nor failed: a pass of only those exits 0.
 */
export function passExitCode({ counts, reconciled, halted, modelMissing }: ExitFacts): 0 | 1 | 2 | 7 {
  const processed = counts.ingested + counts.failed;
  if (processed > 0 && counts.failed === processed) return 2;
  if (modelMissing) return 2;
  if (!reconciled) return 7;
  if (counts.failed > 0 || halted) return 1;
  return 0;
}
