import { cleanText } from "./clean-text.js";

const TEXT_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES,
  '"': "&quot;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

// Printable ASCII but for the markup characters: most names, URLs and every number are only
// this, and one test against it costs a fifth of cleaning and escaping them (a 500-clip FCP7
// timeline writes some 60,000 values).
const PLAIN_TEXT = /^[\x20-\x25\x27-\x3b\x3d\x3f-\x7e]*$/;
const PLAIN_ATTRIBUTE = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x7e]*$/;

/** Character data as XML: the characters XML cannot carry dropped, markup characters escaped. */
export const escapeText = (text: string): string =>
  PLAIN_TEXT.test(text) ? text : cleanText(text).replace(/[&<>]/g, (c) => TEXT_ESCAPES[c] as string);

/** An attribute value as XML (double-quoted), line breaks and tabs kept as references. */
export const escapeAttribute = (text: string): string =>
  PLAIN_ATTRIBUTE.test(text)
    ? text
    : cleanText(text).replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] as string);

// Tabs, as Premiere and Final Cut indent their own XML: a 500-clip FCP7 timeline nests seven
// levels deep, and two spaces a level made indentation 40 % of its bytes.
const INDENTS = Array.from({ length: 32 }, (_, depth) => "\t".repeat(depth));
const indent = (depth: number) => INDENTS[depth] ?? "\t".repeat(depth);

const attributeText = (attributes: Readonly<Record<string, string>>) => {
  let text = "";
  for (const key in attributes) text += ` ${key}="${escapeAttribute(attributes[key] as string)}"`;
  return text;
};

/**
 * A streaming XML writer for the timeline formats. A DOM builder cost seconds here (xmlbuilder2,
 * even in its callback mode, built a node per element: 3 s for a 500-clip FCP7 timeline), so
 * this writes in document order instead: elements are opened with `ele`, given text with `txt`
 * and closed with `up`, and every value goes through the two escaping functions above.
 */
export class XmlWriter {
  private out: string;
  private readonly chunks: Buffer[] = [];
  private readonly open: string[] = [];
  // Whether the element last opened has only text so far (it closes on the same line).
  private inline = false;

  constructor(root: { doctype: string }) {
    this.out = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ${root.doctype}>`;
  }

  ele(name: string, attributes: Readonly<Record<string, string>> = {}): this {
    this.out += `\n${indent(this.open.length)}<${name}${attributeText(attributes)}>`;
    this.open.push(name);
    this.inline = true;
    return this;
  }

  /** `<name>text</name>` in one go: the common case, and a third of the work of ele/txt/up. */
  leaf(name: string, content: string | number): this {
    const body = typeof content === "number" ? content : escapeText(content);
    this.out += `\n${indent(this.open.length)}<${name}>${body}</${name}>`;
    this.inline = false;
    return this;
  }

  txt(content: string): this {
    this.out += escapeText(content);
    return this;
  }

  private flush(): void {
    this.chunks.push(Buffer.from(this.out));
    this.out = "";
  }

  up(): this {
    const name = this.open.pop();
    if (name === undefined) throw new Error("XmlWriter: up() with no element open");
    this.out += this.inline ? `</${name}>` : `\n${indent(this.open.length)}</${name}>`;
    this.inline = false;
    if (this.out.length > 16384) this.flush();
    return this;
  }

  /** The document as UTF-8, every element still open closed: what a file or a response sends. */
  bytes(): Buffer {
    while (this.open.length > 0) this.up();
    this.out += "\n";
    this.flush();
    return Buffer.concat(this.chunks);
  }

  /** The document as text. */
  end(): string {
    return this.bytes().toString();
  }
}
