import { describe, expect, it } from "vitest";
import {
  applyRule,
  applyRules,
  type CorrectionRule,
  correctTranscript,
  countHits,
  hintWords,
} from "../../formats/corrections.js";

const rule = (from: string, to: string, extra: Partial<CorrectionRule> = {}): CorrectionRule => ({
  from,
  to,
  scope: "word",
  pre: false,
  post: true,
  ...extra,
});

describe("word-scope matching", () => {
  it("replaces whole words only, in Latin script", () => {
    expect(applyRule(rule("Jon", "John"), "Jon met Jonas and Jon.")).toBe("John met Jonas and John.");
    expect(applyRule(rule("Jon", "John"), "DeJon")).toBe("DeJon");
  });

  it("treats accented letters and digits as word characters", () => {
    expect(applyRule(rule("cafe", "café"), "cafe cafeé 2cafe cafe2 (cafe)")).toBe(
      "café cafeé 2cafe cafe2 (café)",
    );
  });

  it("treats Cyrillic and Greek letters as word characters", () => {
    expect(applyRule(rule("Иван", "Ivan"), "Иван Иванов, Иван!")).toBe("Ivan Иванов, Ivan!");
    expect(applyRule(rule("αλφα", "alpha"), "αλφαβητο αλφα")).toBe("αλφαβητο alpha");
  });

  it("never fires a one-character CJK rule inside a longer CJK word", () => {
    expect(applyRule(rule("台", "臺"), "台灣")).toBe("台灣");
    expect(applyRule(rule("台", "臺"), "台，灣")).toBe("臺，灣");
    expect(countHits(rule("台", "臺"), "我在台北")).toBe(0);
  });

  it("treats kana and hangul as word characters", () => {
    expect(applyRule(rule("カ", "ka"), "カメラ カ")).toBe("カメラ ka");
    expect(applyRule(rule("한", "han"), "한국 한")).toBe("한국 han");
  });

  it("handles characters outside the Basic Multilingual Plane as whole characters", () => {
    // U+20BB7 is a CJK ideograph written as a surrogate pair.
    expect(applyRule(rule("A", "B"), "𠮷A A𠮷 A")).toBe("𠮷A A𠮷 B");
    expect(applyRule(rule("𠮷", "x"), "𠮷 𠮷野")).toBe("x 𠮷野");
  });

  it("is case-sensitive, so a lower-case brand can be capitalised", () => {
    expect(applyRule(rule("iphone", "iPhone"), "my iphone, not my IPHONE")).toBe("my iPhone, not my IPHONE");
  });

  it("needs a non-word neighbour on both sides, whatever the edges of `from` are", () => {
    expect(applyRule(rule("C++", "C plus plus"), "C++ and C++11")).toBe("C plus plus and C++11");
    expect(applyRule(rule("#tag", "tag"), "a#tag #tag")).toBe("a#tag tag");
  });
});

describe("line and global scope", () => {
  it("matches a line rule only at the start of a line", () => {
    const r = rule("so", "So", { scope: "line" });
    expect(applyRule(r, "so we go\nso far so good\r\nso")).toBe("So we go\nSo far so good\r\nSo");
  });

  it("matches a global rule everywhere, inside words too", () => {
    expect(applyRule(rule("colour", "color", { scope: "global" }), "colours colourful colour")).toBe(
      "colors colorful color",
    );
    expect(applyRule(rule("台", "臺", { scope: "global" }), "台灣台北")).toBe("臺灣臺北");
  });
});

describe("rules as literals, in order, without loops", () => {
  it("takes regex metacharacters literally", () => {
    expect(applyRule(rule(".", "!", { scope: "global" }), "a.b.c")).toBe("a!b!c");
    expect(applyRule(rule("a.c", "X", { scope: "global" }), "abc a.c")).toBe("abc X");
    expect(applyRule(rule("(x)", "y"), "(x) f(x)")).toBe("y f(x)");
    expect(applyRule(rule("$1", "\\1", { scope: "global" }), "$1 and $&")).toBe("\\1 and $&");
  });

  it("replaces a rule's matches in one pass, so a growing rule cannot loop", () => {
    expect(applyRule(rule("a", "aa"), "a b a")).toBe("aa b aa");
    expect(applyRule(rule("a", "aa", { scope: "global" }), "aaa")).toBe("aaaaaa");
  });

  it("applies rules in order, each to the output of the one before", () => {
    const rules = [rule("Jon", "John"), rule("John Smith", "John Smyth")];
    expect(applyRules(rules, "Jon Smith")).toBe("John Smyth");
    expect(applyRules([...rules].reverse(), "Jon Smith")).toBe("John Smith");
  });

  it("allows an empty replacement (deleting a filler word)", () => {
    expect(applyRule(rule("um", ""), "so um we go, drum")).toBe("so  we go, drum");
  });

  it("handles 10,000 rules over a long text", () => {
    const rules = Array.from({ length: 10_000 }, (_, i) => rule(`w${i}`, `W${i}`));
    const text = Array.from({ length: 2_000 }, (_, i) => `w${i * 5}`).join(" ");
    const started = performance.now();
    const out = applyRules(rules, text);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(out.startsWith("W0 W5 W10")).toBe(true);
    expect(out).not.toMatch(/\bw\d/);
  });
});

describe("whole transcripts", () => {
  const segments = [
    { start: 0, end: 1.25, text: "Jon said hi" },
    { start: 1.25, end: 2.5, text: "to Jonas", speaker_id: "A" },
  ];
  const words = [
    { word: " Jon", start: 0, end: 0.4, score: 0.9 },
    { word: "said", start: 0.4, end: 0.8, score: 0.8 },
    { word: "Jonas", start: 1.3, end: 2, score: 0.7 },
  ];
  const input = {
    text: "Jon said hi to Jonas",
    segments_json: JSON.stringify(segments),
    words_json: JSON.stringify(words),
  };

  it("corrects the text, each segment's text and whole word tokens, keeping timings", () => {
    const out = correctTranscript([rule("Jon", "John")], input);
    expect(out.changed).toBe(true);
    expect(out.text).toBe("John said hi to Jonas");
    expect(JSON.parse(out.segments_json)).toEqual([
      { start: 0, end: 1.25, text: "John said hi" },
      { start: 1.25, end: 2.5, text: "to Jonas", speaker_id: "A" },
    ]);
    expect(JSON.parse(out.words_json)).toEqual([
      { word: " John", start: 0, end: 0.4, score: 0.9 },
      { word: "said", start: 0.4, end: 0.8, score: 0.8 },
      { word: "Jonas", start: 1.3, end: 2, score: 0.7 },
    ]);
  });

  it("follows a chain of rules even when only the first occurs in the stored text", () => {
    const out = correctTranscript([rule("Jon", "John"), rule("John said", "John says")], input);
    expect(out.text).toBe("John says hi to Jonas");
    expect(JSON.parse(out.segments_json)[0].text).toBe("John says hi");
  });

  it("finds a rule with quotes or backslashes, which the JSON columns store escaped", () => {
    const quoted = {
      text: 'he said "hi"',
      segments_json: JSON.stringify([{ start: 0, end: 1, text: 'he said "hi"' }]),
      words_json: "[]",
    };
    const out = correctTranscript([rule('"hi"', "«hi»")], quoted);
    expect(out.text).toBe("he said «hi»");
    expect(JSON.parse(out.segments_json)[0].text).toBe("he said «hi»");
  });

  it("returns unchanged columns byte for byte", () => {
    const odd = { ...input, segments_json: '[ {"start":0,"end":1,"text":"hi"} ]', words_json: "not json" };
    const out = correctTranscript([rule("Jon", "John")], odd);
    expect(out.segments_json).toBe(odd.segments_json);
    expect(out.words_json).toBe("not json");
    expect(correctTranscript([rule("Zed", "Z")], input)).toEqual({ ...input, changed: false });
  });
});

describe("hint words", () => {
  it("lists the `to` terms of pre rules once, in order", () => {
    const rules = [
      rule("jon", "John", { pre: true }),
      rule("x", "Kyiv"),
      rule("jonn", "John", { pre: true }),
      rule("del", "", { pre: true }),
      rule("acme", "ACME", { pre: true, post: false }),
    ];
    expect(hintWords(rules)).toEqual(["John", "ACME"]);
  });
});
