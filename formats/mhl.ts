import { XMLParser, XMLValidator } from "fast-xml-parser";
import { escapeAttribute, escapeText } from "./xml-writer.js";

/**
 * The file hash formats ASC MHL v2 defines, in the order its schema (ASCMHL.xsd, HashType) wants
 * them inside one `<hash>`: xxh3 is XXH3-64 and xxh128 XXH3-128, both lower-case hex like md5,
 * sha1 and xxh64; c4 is the C4 id (SHA-512, base58) of the file's content.
 */
export const MHL_HASH_FORMATS = ["c4", "md5", "sha1", "xxh128", "xxh3", "xxh64"] as const;
export type MhlHashFormat = (typeof MHL_HASH_FORMATS)[number];

export const isMhlHashFormat = (name: string): name is MhlHashFormat =>
  (MHL_HASH_FORMATS as readonly string[]).includes(name);

export type MhlAction = "original" | "verified" | "failed";
export type MhlProcess = "in-place" | "transfer" | "flatten";

/** One hash of a file as a manifest records it; `format` is the element's name, known or not. */
export interface MhlHash {
  format: string;
  value: string;
  /** Absent on hashes written without one (the schema makes it optional). */
  action: MhlAction | null;
}

/** One `<hash>` of a manifest: a file, its path relative to the history's folder. */
export interface MhlFileHash {
  path: string;
  size: number | null;
  /** The file's mtime as recorded, in ms; null when not recorded. */
  modifiedMs: number | null;
  hashes: MhlHash[];
  /** The path this file had before a rename recorded in this manifest. */
  previousPath: string | null;
}

/** A `<hashlistreference>`: a nested history's manifest, by path relative to this history's folder. */
export interface MhlReference {
  path: string;
  c4: string;
}

export interface MhlManifest {
  process: string;
  /** The manifest's ignore patterns; empty when it records none. */
  ignore: string[];
  files: MhlFileHash[];
  references: MhlReference[];
}

/** One generation of a chain file (`ascmhl_chain.xml`). */
export interface MhlChainEntry {
  sequence: number;
  path: string;
  c4: string;
}

/**
 * The hash value in its canonical spelling: hex formats in lower case, a C4 id as it is (base58 is
 * case-sensitive); whitespace a writer wrapped into the value is dropped.
 */
export const canonicalHash = (format: string, value: string): string => {
  const compact = value.replace(/\s+/g, "");
  return format === "c4" ? compact : compact.toLowerCase();
};

const ARRAYS = new Set(["hash", "directoryhash", "hashlistreference", "pattern"]);

// Strict enough to refuse what is not XML (the validator runs first), namespace prefixes dropped
// (a writer may spell `<ascmhl:hash>`), every value kept as text: a hex hash like "1e10..." must
// never become a number.
const parser = () =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    // Paths keep their spaces (the standard preserves whitespace); hash values are compacted.
    trimValues: false,
    isArray: (name) => ARRAYS.has(name),
  });

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node => (value && typeof value === "object" ? (value as Node) : {});
const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const text = (value: unknown): string => {
  if (typeof value === "string") return value;
  const inner = asNode(value)["#text"];
  return typeof inner === "string" ? inner : inner === undefined ? "" : String(inner);
};
const attribute = (value: unknown, name: string): string | undefined => {
  const found = asNode(value)[`@${name}`];
  return typeof found === "string" ? found : undefined;
};

function parseDocument(xml: string, root: string): Node {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const document = asNode(parser().parse(xml));
  if (!(root in document)) throw new Error(`not an ASC MHL ${root} document`);
  return asNode(document[root]);
}

const ACTIONS: readonly string[] = ["original", "verified", "failed"];
// The children of <hash> that are not hash values.
const NOT_HASHES = new Set(["path", "previousPath", "metadata"]);

function parseFileHash(node: unknown): MhlFileHash | null {
  const element = asNode(node);
  const path = text(element.path);
  if (!path) return null;
  const size = attribute(element.path, "size");
  const modified = attribute(element.path, "lastmodificationdate");
  const hashes: MhlHash[] = [];
  for (const [name, value] of Object.entries(element)) {
    if (NOT_HASHES.has(name) || name.startsWith("@") || name === "#text") continue;
    for (const one of list(value)) {
      const action = attribute(one, "action");
      hashes.push({
        format: name,
        value: canonicalHash(name, text(one)),
        action: action && ACTIONS.includes(action) ? (action as MhlAction) : null,
      });
    }
  }
  const previous = text(element.previousPath);
  return {
    path,
    size: size !== undefined && /^\d+$/.test(size) ? Number(size) : null,
    modifiedMs: modified && Number.isFinite(Date.parse(modified)) ? Date.parse(modified) : null,
    hashes,
    previousPath: previous || null,
  };
}

/**
 * Reads one ASC MHL manifest: its process, ignore patterns, file hashes (every format, known or
 * not, with its action) and references to nested histories. Directory and root hashes are not
 * files and are left out. Throws on a document that is not an ASC MHL manifest.
 */
export function parseManifest(xml: string): MhlManifest {
  const hashlist = parseDocument(xml, "hashlist");
  const processinfo = asNode(hashlist.processinfo);
  const files: MhlFileHash[] = [];
  for (const node of list(asNode(hashlist.hashes).hash)) {
    const file = parseFileHash(node);
    if (file) files.push(file);
  }
  return {
    process: text(processinfo.process).trim(),
    ignore: list(asNode(processinfo.ignore).pattern)
      .map(text)
      .filter((p) => p.trim().length > 0),
    files,
    references: list(asNode(hashlist.references).hashlistreference).map((node) => ({
      path: text(asNode(node).path).trim(),
      c4: canonicalHash("c4", text(asNode(node).c4)),
    })),
  };
}

/** Reads a chain file: its generations in the order listed. */
export function parseChain(xml: string): MhlChainEntry[] {
  const directory = parseDocument(xml, "ascmhldirectory");
  return list(directory.hashlist).map((node) => ({
    sequence: Number(attribute(node, "sequencenr")),
    path: text(asNode(node).path).trim(),
    c4: canonicalHash("c4", text(asNode(node).c4)),
  }));
}

/** A file hash to write: its hashes in formats the schema knows. */
export interface MhlFileHashOut {
  path: string;
  size: number;
  modifiedMs: number;
  hashes: { format: MhlHashFormat; value: string; action: MhlAction }[];
}

export interface MhlManifestOut {
  creationDate: Date;
  hostname: string;
  tool: { name: string; version: string };
  process: MhlProcess;
  ignore: readonly string[];
  files: readonly MhlFileHashOut[];
  references: readonly MhlReference[];
}

// xs:dateTime in UTC with an explicit offset, as the reference implementation writes it.
export const mhlDate = (date: Date) => `${date.toISOString().slice(0, 19)}+00:00`;

/**
 * One ASC MHL v2 manifest, valid against ASCMHL.xsd: file hashes only (no directory or root
 * hashes), each file's hashes in the schema's order, and `<references>` when there are any.
 */
export function manifestXml(manifest: MhlManifestOut): string {
  const date = mhlDate(manifest.creationDate);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<hashlist version="2.0" xmlns="urn:ASC:MHL:v2.0">',
    "  <creatorinfo>",
    `    <creationdate>${date}</creationdate>`,
    `    <hostname>${escapeText(manifest.hostname)}</hostname>`,
    `    <tool version="${escapeAttribute(manifest.tool.version)}">${escapeText(manifest.tool.name)}</tool>`,
    "  </creatorinfo>",
    "  <processinfo>",
    `    <process>${manifest.process}</process>`,
  ];
  if (manifest.ignore.length > 0)
    lines.push(
      "    <ignore>",
      ...manifest.ignore.map((pattern) => `      <pattern>${escapeText(pattern)}</pattern>`),
      "    </ignore>",
    );
  lines.push("  </processinfo>");
  if (manifest.files.length > 0) {
    lines.push("  <hashes>");
    for (const file of manifest.files) {
      lines.push(
        "    <hash>",
        `      <path size="${file.size}" lastmodificationdate="${mhlDate(new Date(file.modifiedMs))}">${escapeText(file.path)}</path>`,
      );
      const ordered = [...file.hashes].sort(
        (a, b) => MHL_HASH_FORMATS.indexOf(a.format) - MHL_HASH_FORMATS.indexOf(b.format),
      );
      for (const hash of ordered)
        lines.push(
          `      <${hash.format} action="${hash.action}" hashdate="${date}">${hash.value}</${hash.format}>`,
        );
      lines.push("    </hash>");
    }
    lines.push("  </hashes>");
  }
  if (manifest.references.length > 0) {
    lines.push("  <references>");
    for (const reference of manifest.references)
      lines.push(
        "    <hashlistreference>",
        `      <path>${escapeText(reference.path)}</path>`,
        `      <c4>${reference.c4}</c4>`,
        "    </hashlistreference>",
      );
    lines.push("  </references>");
  }
  lines.push("</hashlist>", "");
  return lines.join("\n");
}

/** A chain file listing `entries`, valid against ASCMHLDirectory.xsd. */
export function chainXml(entries: readonly MhlChainEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ascmhldirectory xmlns="urn:ASC:MHL:DIRECTORY:v2.0">',
    ...entries.flatMap((entry) => [
      `  <hashlist sequencenr="${entry.sequence}">`,
      `    <path>${escapeText(entry.path)}</path>`,
      `    <c4>${entry.c4}</c4>`,
      "  </hashlist>",
    ]),
    "</ascmhldirectory>",
    "",
  ].join("\n");
}
