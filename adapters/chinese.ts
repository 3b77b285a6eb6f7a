/**
 * Simplified → Traditional Chinese (Taiwan phrasing) with OpenCC's dictionaries (opencc-js). The
 * dictionaries load on first use: the phrase tables take about a second and a hundred megabytes,
 * which a library with no Chinese should never pay.
 */

export type ScriptKind = "simplified" | "mixed" | "traditional" | "none";

export interface ChineseScript {
  /** How a text is written: only Simplified-only characters, both kinds, or no Simplified-only ones. */
  classify(text: string): ScriptKind;
  /** Phrase conversion (软件 → 軟體): reads naturally, may change the text's length. */
  byPhrase(text: string): string;
  /** One character at a time, each to exactly one character: lengths and offsets stay aligned. */
  byCharacter(text: string): string;
  /**
   * The text in Traditional: fully Simplified text by phrase, mixed text by character, anything
   * else unchanged; `how` says which was done (null: nothing).
   */
  toTraditional(text: string): { text: string; how: "phrase" | "character" | null };
  /** The converter's name and version, for reports. */
  readonly name: string;
}

type ConverterFunction = (text: string) => string;

// Japanese shares many Simplified-looking characters (国, 学); text with kana is never converted.
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Keys whose mapping changes them, from an OpenCC dictionary string (`a b c|d e|…`). */
function changingKeys(dict: string): Set<string> {
  const keys = new Set<string>();
  for (const entry of dict.split("|")) {
    const [key, ...values] = entry.split(" ");
    if (key && values.length > 0 && values[0] !== key) keys.add(key);
  }
  return keys;
}

/**
 * Loads the converter; rejects when opencc-js is not installed or its dictionaries are unreadable,
 * so callers can say so instead of reporting that nothing needed converting.
 */
export async function loadChineseScript(): Promise<ChineseScript> {
  const [core, preset, st, ts] = await Promise.all([
    import("opencc-js/core"),
    import("opencc-js/preset/cn2t"),
    import("opencc-js/dict/STCharacters"),
    import("opencc-js/dict/TSCharacters"),
  ]);
  const simplifiedOnly = changingKeys(st.default);
  const traditionalOnly = changingKeys(ts.default);
  for (const ch of [...simplifiedOnly]) {
    if (traditionalOnly.has(ch)) {
      simplifiedOnly.delete(ch);
      traditionalOnly.delete(ch);
    }
  }
  const toTw = preset.to.tw ?? [];
  const toTwp = preset.to.twp ?? [];
  const fromCn = preset.from.cn ?? [];
  const chars: ConverterFunction = core.ConverterFactory([[st.default]], toTw);
  let phrases: ConverterFunction | null = null;

  const classify = (text: string): ScriptKind => {
    if (KANA.test(text)) return "none";
    let s = 0;
    let t = 0;
    for (const ch of text) {
      if (simplifiedOnly.has(ch)) s += 1;
      else if (traditionalOnly.has(ch)) t += 1;
    }
    if (s === 0) return t > 0 ? "traditional" : "none";
    return t === 0 ? "simplified" : "mixed";
  };
  const byPhrase = (text: string) => {
    phrases ??= core.ConverterFactory(fromCn, toTwp);
    return phrases(text);
  };
  const byCharacter = (text: string) => {
    let out = "";
    for (const ch of text) {
      if (!simplifiedOnly.has(ch)) {
        out += ch;
        continue;
      }
      const converted = chars(ch);
      out += [...converted].length === 1 ? converted : ch;
    }
    return out;
  };
  return {
    name: "OpenCC (opencc-js), Simplified to Traditional with Taiwan phrasing",
    classify,
    byPhrase,
    byCharacter,
    toTraditional(text) {
      const kind = classify(text);
      if (kind === "simplified") {
        const converted = byPhrase(text);
        return { text: converted, how: converted === text ? null : "phrase" };
      }
      if (kind === "mixed") {
        const converted = byCharacter(text);
        return { text: converted, how: converted === text ? null : "character" };
      }
      return { text, how: null };
    },
  };
}

/** One converter per process, loaded on first use; a failed load is retried next time. */
export function chineseScriptLoader(): () => Promise<ChineseScript> {
  let loading: Promise<ChineseScript> | null = null;
  return () => {
    loading ??= loadChineseScript().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
