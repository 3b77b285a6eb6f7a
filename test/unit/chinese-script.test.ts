import { beforeAll, describe, expect, it } from "vitest";
import { type ChineseScript, loadChineseScript } from "../../adapters/chinese.js";
import { requireChineseScript } from "../../library/transcripts/retraditionalize.js";

let script: ChineseScript;

beforeAll(async () => {
  script = await loadChineseScript();
});

describe("Chinese script normalisation", () => {
  it("classifies Simplified, Traditional, mixed and non-Chinese text", () => {
    expect(script.classify("我们在台北见面")).toBe("simplified");
    expect(script.classify("我們在臺北見面")).toBe("traditional");
    expect(script.classify("我們在台北见面")).toBe("mixed");
    expect(script.classify("hello, world")).toBe("none");
    // Japanese shares Simplified-looking forms (国); text with kana is never Chinese to convert.
    expect(script.classify("日本の国")).toBe("none");
  });

  it("converts fully Simplified text by phrase, with Taiwan wording", () => {
    expect(script.toTraditional("这个软件的信息")).toEqual({ text: "這個軟體的資訊", how: "phrase" });
  });

  it("converts mixed text one character at a time, keeping its length", () => {
    const mixed = "我們的软件和内存";
    const out = script.toTraditional(mixed);
    expect(out.how).toBe("character");
    expect([...out.text]).toHaveLength([...mixed].length);
    expect(out.text).toBe("我們的軟件和內存");
  });

  it("leaves Traditional and non-Chinese text alone", () => {
    expect(script.toTraditional("我們在臺北見面")).toEqual({ text: "我們在臺北見面", how: null });
    expect(script.toTraditional("Jon met John")).toEqual({ text: "Jon met John", how: null });
  });

  it("refuses loudly, naming the converter, when it cannot be loaded", async () => {
    await expect(
      requireChineseScript(() => Promise.reject(new Error("Cannot find package 'opencc-js'"))),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/opencc-js.*unavailable.*nothing was converted/),
    });
  });
});
