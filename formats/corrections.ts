import { mapListField } from "./json-list.js";
/**
 * Correction rules over transcript text: literal find-and-replace, never a regular expression, so
 * a rule holding `.`, `*` or `(` means those characters and nothing else.
 */

export type RuleScope = "word" | "line" | "global";

export interface CorrectionRule {
  from: string;
  to: string;
  scope: RuleScope;
  /** Feeds `to` to the recogniser as a hint word on future transcriptions. */
  pre: boolean;
  /** Applies the rule to stored transcripts. */
  post: boolean;
}

// Letters, digits and combining marks of every script: CJK ideographs, kana and hangul are
// letters here, so a one-character rule never fires inside a longer CJK word.
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);

/** The code point that ends just before `index` (a whole surrogate pair, not half of one). */
function charBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text[index - 1];
}

function charAfter(text: string, index: number): string | undefined {
  if (index >= text.length) return undefined;
  const point = text.codePointAt(index);
  return point === undefined ? undefined : String.fromCodePoint(point);
}

/**
 * Where `rule` matches in `text`: start offsets of non-overlapping matches, left to right. A word
 * rule matches only where neither neighbour is a letter, digit or mark of any script; a line rule
 * only at the start of a line; a global rule everywhere.
 */
export function matchOffsets(rule: Pick<CorrectionRule, "from" | "scope">, text: string): number[] {
  const { from, scope } = rule;
  const found: number[] = [];
  if (from === "") return found;
  let at = text.indexOf(from);
  while (at !== -1) {
    const end = at + from.length;
    let ok: boolean;
    if (scope === "line") {
      const before = at === 0 ? undefined : text[at - 1];
      ok = before === undefined || before === "\n" || before === "\r";
    } else {
      ok = scope === "global" || (!isWordChar(charBefore(text, at)) && !isWordChar(charAfter(text, end)));
    }
    if (ok) {
      found.push(at);
      at = text.indexOf(from, end);
    } else {
      at = text.indexOf(from, at + 1);
    }
  }
  return found;
}

/** Number of places `rule` matches in `text`. */
export const countHits = (rule: Pick<CorrectionRule, "from" | "scope">, text: string) =>
  matchOffsets(rule, text).length;

/**
 * One rule over `text`, in a single left-to-right pass: a replacement is never searched again,
 * so a rule like `a` → `aa` grows the text once and cannot loop.
 */
export function applyRule(rule: Pick<CorrectionRule, "from" | "to" | "scope">, text: string): string {
  const offsets = matchOffsets(rule, text);
  if (offsets.length === 0) return text;
  const parts: string[] = [];
  let last = 0;
  for (const at of offsets) {
    parts.push(text.slice(last, at), rule.to);
    last = at + rule.from.length;
  }
  parts.push(text.slice(last));
  return parts.join("");
}

/** Every rule in order, each over the output of the one before. */
export function applyRules(rules: readonly CorrectionRule[], text: string): string {
  let out = text;
  for (const rule of rules) out = applyRule(rule, out);
  return out;
}

/** The rules that change stored transcripts. */
export const postRules = (rules: readonly CorrectionRule[]) => rules.filter((rule) => rule.post);

/** Hint words for the recogniser: the `to` terms of `pre` rules, each once, in rule order. */
export function hintWords(rules: readonly CorrectionRule[]): string[] {
  const seen = new Set<string>();
  for (const rule of rules) {
    const term = rule.to.trim();
    if (rule.pre && term !== "") seen.add(term);
  }
  return [...seen];
}

export interface CorrectedTranscript {
  text: string;
  segments_json: string;
  words_json: string;
}

// A `from` JSON would escape cannot be looked for in a raw JSON column as it is.
const jsonEscaped = (from: string) => JSON.stringify(from).length !== from.length + 2;

/**
 * The rules over a whole transcript: its text, each segment's text (timings untouched) and each
 * token of the word list. A token is a whole word already, so a `line` rule (which needs a line
 * start) is not applied to the word list. Unchanged columns come back byte for byte.
 *
 * Rules whose `from` occurs nowhere in the row's raw columns cannot match until an earlier rule
 * has changed something, so a row is only parsed and rewritten from the first rule that occurs in
 * it: most rows of a library hold none of a dictionary's words and cost one search per rule.
 */
export function correctTranscript(
  rules: readonly CorrectionRule[],
  input: CorrectedTranscript,
): CorrectedTranscript & { changed: boolean } {
  const first = rules.findIndex(
    (rule) =>
      rule.from !== "" &&
      (jsonEscaped(rule.from) ||
        input.text.includes(rule.from) ||
        input.segments_json.includes(rule.from) ||
        input.words_json.includes(rule.from)),
  );
  if (first === -1) return { ...input, changed: false };
  const live = rules.slice(first);
  const text = applyRules(live, input.text);
  const segments = mapListField(input.segments_json, "text", (value) => applyRules(live, value));
  const tokenRules = live.filter((rule) => rule.scope !== "line");
  const words = mapListField(input.words_json, "word", (value) => applyRules(tokenRules, value));
  return {
    text,
    segments_json: segments.json,
    words_json: words.json,
    changed: text !== input.text || segments.changed || words.changed,
  };
}
