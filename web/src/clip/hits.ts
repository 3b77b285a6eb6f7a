/** A word as the pane shows it: `Spoken`, whose module (transcript-lines.ts) reaches the DOM client. */
interface Said {
  text: string;
  at: number;
}

/** A word as compared: lower case, accents and punctuation gone ("Harbour's," → "harbours"). */
export const normalWord = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

// Below this length a term is only looked for alone: "at" or "of" in a sentence would light up everything.
const SHORT = 3;

/** The terms of a search: its words normalised, short ones left out unless the search is one word. */
export function searchTerms(query: string): string[] {
  const words = query.split(/\s+/).map(normalWord).filter(Boolean);
  const terms = words.length > 1 ? words.filter((w) => w.length >= SHORT) : words;
  return [...new Set(terms)];
}

/** Whether a spoken word is a hit: it starts with a term ("walk" finds "walking"); a short term must be the word. */
const hits = (word: string, terms: readonly string[]) =>
  word !== "" && terms.some((t) => (t.length < SHORT ? word === t : word.startsWith(t)));

export interface Hits {
  /** Per line, per word: a hit or not. */
  marked: boolean[][];
  /** When each hit was said, in transcript order. */
  times: number[];
}

/** The transcript's words that a search finds, for the pane and the timeline. */
export function transcriptHits(lines: readonly (readonly Said[])[], query: string): Hits {
  const terms = searchTerms(query);
  const times: number[] = [];
  const marked = lines.map((line) =>
    line.map((w) => {
      const hit = terms.length > 0 && hits(normalWord(w.text), terms);
      if (hit) times.push(w.at);
      return hit;
    }),
  );
  return { marked, times };
}
