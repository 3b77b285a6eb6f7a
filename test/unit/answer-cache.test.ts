import { describe, expect, it } from "vitest";
import { AnswerCache } from "../../mcp/answer-cache.js";

const answer = (text: string) => ({
  content: [{ type: "text" as const, text }],
  structuredContent: { text },
});

describe("AnswerCache", () => {
  it("keeps answers by key and serializes one once, as the answer's own JSON", () => {
    const cache = new AnswerCache();
    expect(cache.wire("a")).toBeUndefined();
    cache.set("a", answer("hello"));
    expect(cache.get("a")).toEqual(answer("hello"));
    const wire = cache.wire("a");
    expect(JSON.parse(String(wire))).toEqual(answer("hello"));
    expect(cache.wire("a")).toBe(wire);
    expect(cache.get("a")).toEqual(answer("hello"));
  });

  it("counts the serialized bytes against its 64 MB budget, dropping the least recently used", () => {
    const cache = new AnswerCache();
    // Each answer is 3 MiB of text (6 MiB as counted), and a little over 6 MiB more once
    // serialized (the text is in it twice).
    const big = "x".repeat(3 * 1024 * 1024);
    // 10 × 6 MiB = 60 MiB: all fit until one is serialized.
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, answer(big));
    cache.wire("k9");
    // Serializing k9 grew the total past the budget: k0, used least recently, went.
    expect(cache.get("k0")).toBeUndefined();
    for (let i = 1; i < 10; i++) expect(cache.get(`k${i}`)).toBeDefined();
  });
});
