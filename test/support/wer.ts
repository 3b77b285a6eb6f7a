/** Lower-case words without punctuation, so "Dog." and "dog" count as the same word. */
export function normaliseWords(text: string, equivalents: Readonly<Record<string, string>> = {}): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => equivalents[w] ?? w);
}

/** Substitutions, deletions and insertions turning `ref` into `hyp` (Levenshtein over words). */
export function wordEdits(ref: readonly string[], hyp: readonly string[]): number {
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[hyp.length] ?? 0;
}

/**
 * Word error rate: edits needed to turn the hypothesis into the reference, over the reference's
 * length. 0 is perfect; it can exceed 1 when the hypothesis is longer than the reference.
 */
export function wordErrorRate(
  ref: string,
  hyp: string,
  equivalents: Readonly<Record<string, string>> = {},
): number {
  const r = normaliseWords(ref, equivalents);
  const h = normaliseWords(hyp, equivalents);
  if (r.length === 0) return h.length === 0 ? 0 : 1;
  return wordEdits(r, h) / r.length;
}
