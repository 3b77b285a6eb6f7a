import fc from "fast-check";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { cleanText } from "../../formats/clean-text.js";
import { escapeAttribute, escapeText, XmlWriter } from "../../formats/xml-writer.js";
import { xmllint } from "../support/xmllint.js";

describe("XmlWriter", () => {
  it("escapes markup in text and attributes and drops what XML cannot carry", () => {
    expect(escapeText('a < b & c > d "q"\u0001')).toBe('a &lt; b &amp; c &gt; d "q"');
    expect(escapeAttribute('say "hi"\tand\nbye & <x>')).toBe(
      "say &quot;hi&quot;&#9;and&#10;bye &amp; &lt;x&gt;",
    );
  });

  it("escapes every string as cleaning then replacing would, plain ASCII included", () => {
    const markup = fc.constantFrom(
      "&",
      "<",
      ">",
      '"',
      "\t",
      "\n",
      "\r",
      "\u0001",
      "\u007f",
      "\ud800",
      "é",
      "a",
      "1",
    );
    const texts = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string(),
      fc.array(markup).map((parts) => parts.join("")),
    );
    const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
    const references: Record<string, string> = { ...entities, "\t": "&#9;", "\n": "&#10;", "\r": "&#13;" };
    fc.assert(
      fc.property(texts, (text) => {
        expect(escapeText(text)).toBe(cleanText(text).replace(/[&<>]/g, (c) => entities[c] as string));
        expect(escapeAttribute(text)).toBe(
          cleanText(text).replace(/[&<>"\t\n\r]/g, (c) => references[c] as string),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("writes a well-formed document whose values read back exactly", async () => {
    const nasty = `Tom & Jerry <1> "x" ]]> 'y'`;
    const w = new XmlWriter({ doctype: "root" });
    w.ele("root", { name: nasty });
    w.ele("item").txt(nasty).up();
    w.ele("empty").up();
    w.ele("nested").ele("leaf", { n: "1" }).txt("v").up().up();
    const xml = w.end();
    expect(await xmllint(xml)).toEqual({ status: 0, stderr: "" });
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", trimValues: false }).parse(
      xml,
    );
    expect(doc.root["@name"]).toBe(nasty);
    expect(doc.root.item).toBe(nasty);
    expect(doc.root.nested.leaf["#text"]).toBe("v");
  });

  it("refuses to close more than it opened", () => {
    const w = new XmlWriter({ doctype: "r" });
    expect(() => w.up()).toThrow(/no element open/);
  });
});
