import { readdir, readFile } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, join } from "node:path";
import { writeFileAtomic } from "../../state/atomic.js";
import { isErrno } from "../../state/errno.js";
import { c4Id } from "./c4.js";
import { MHL_IGNORE } from "./enumerate.js";
import { type HashFormat, isHashFormat } from "./hash.js";

export const MHL_DIR = "ascmhl";
export const CHAIN_FILE = "ascmhl_chain.xml";

/** One verified file as a manifest records it. */
export interface MhlEntry {
  rel: string;
  size: number;
  mtimeMs: number;
  format: HashFormat;
  hash: string;
}

export interface Generation {
  sequence: number;
  file: string;
  c4: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&amp;/g, "&");
// xs:dateTime in UTC with an explicit offset, as the reference implementation writes it.
const xmlDate = (date: Date) => `${date.toISOString().slice(0, 19)}+00:00`;

/** The generations listed by a folder's chain file, oldest first; none when it has no history. */
export async function readChain(root: string): Promise<Generation[]> {
  let xml: string;
  try {
    xml = await readFile(join(root, MHL_DIR, CHAIN_FILE), "utf8");
  } catch (error) {
    if (isErrno(error, "ENOENT")) return [];
    throw error;
  }
  const generations: Generation[] = [];
  for (const [, attrs = "", body = ""] of xml.matchAll(/<hashlist\b([^>]*)>([\s\S]*?)<\/hashlist>/g)) {
    const sequence = Number(/sequencenr="(\d+)"/.exec(attrs)?.[1]);
    const file = unescapeXml(/<path>([^<]*)<\/path>/.exec(body)?.[1] ?? "");
    const c4 = /<c4>([^<]*)<\/c4>/.exec(body)?.[1] ?? "";
    generations.push({ sequence, file, c4 });
  }
  return generations;
}

/** The file hashes a manifest lists (the first of the formats svc knows, per file). */
export function parseManifest(xml: string): MhlEntry[] {
  const entries: MhlEntry[] = [];
  for (const [, body = ""] of xml.matchAll(/<hash>([\s\S]*?)<\/hash>/g)) {
    const path = /<path\b([^>]*)>([^<]*)<\/path>/.exec(body);
    if (!path) continue;
    const size = Number(/\bsize="(\d+)"/.exec(path[1] ?? "")?.[1] ?? Number.NaN);
    const modified = /\blastmodificationdate="([^"]+)"/.exec(path[1] ?? "")?.[1];
    for (const [, name = "", value = ""] of body.matchAll(/<(\w+)\b[^>]*>([^<]*)<\/\1>/g)) {
      if (!isHashFormat(name)) continue;
      entries.push({
        rel: unescapeXml(path[2] ?? ""),
        size,
        mtimeMs: modified ? Date.parse(modified) : Number.NaN,
        format: name,
        hash: value.trim().toLowerCase(),
      });
      break;
    }
  }
  return entries;
}

/** Every file any generation of a folder's history lists, the latest entry per path winning. */
export async function readHistory(
  root: string,
): Promise<{ generations: Generation[]; entries: Map<string, MhlEntry> }> {
  const generations = await readChain(root);
  const entries = new Map<string, MhlEntry>();
  for (const generation of generations) {
    let xml: string;
    try {
      xml = await readFile(join(root, MHL_DIR, generation.file), "utf8");
    } catch (error) {
      if (isErrno(error, "ENOENT")) continue;
      throw error;
    }
    for (const entry of parseManifest(xml)) entries.set(entry.rel, entry);
  }
  return { generations, entries };
}

function manifestXml(entries: readonly MhlEntry[], now: Date, toolVersion: string): string {
  const date = xmlDate(now);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<hashlist version="2.0" xmlns="urn:ASC:MHL:v2.0">',
    "  <creatorinfo>",
    `    <creationdate>${date}</creationdate>`,
    `    <hostname>${escapeXml(hostname())}</hostname>`,
    `    <tool version="${escapeXml(toolVersion)}">svc</tool>`,
    "  </creatorinfo>",
    "  <processinfo>",
    "    <process>transfer</process>",
    "    <ignore>",
    ...MHL_IGNORE.map((pattern) => `      <pattern>${escapeXml(pattern)}</pattern>`),
    "    </ignore>",
    "  </processinfo>",
  ];
  if (entries.length > 0) {
    lines.push("  <hashes>");
    for (const entry of entries) {
      const modified = xmlDate(new Date(entry.mtimeMs));
      lines.push(
        "    <hash>",
        `      <path size="${entry.size}" lastmodificationdate="${modified}">${escapeXml(entry.rel)}</path>`,
        `      <${entry.format} action="original" hashdate="${date}">${entry.hash}</${entry.format}>`,
        "    </hash>",
      );
    }
    lines.push("  </hashes>");
  }
  lines.push("</hashlist>", "");
  return lines.join("\n");
}

function chainXml(generations: readonly Generation[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ascmhldirectory xmlns="urn:ASC:MHL:DIRECTORY:v2.0">',
    ...generations.flatMap((g) => [
      `  <hashlist sequencenr="${g.sequence}">`,
      `    <path>${escapeXml(g.file)}</path>`,
      `    <c4>${g.c4}</c4>`,
      "  </hashlist>",
    ]),
    "</ascmhldirectory>",
    "",
  ].join("\n");
}

/**
 * Adds a generation to the ASC MHL history of `root` listing `entries` (the files this run
 * verified that no earlier generation lists), then rewrites the chain with its C4 id. Both files
 * are written atomically; the chain last, so a crash between them leaves an unlisted manifest,
 * never a chain naming a missing or half-written one.
 */
export async function writeGeneration(
  root: string,
  entries: readonly MhlEntry[],
  toolVersion: string,
  now = new Date(),
): Promise<Generation> {
  const previous = await readChain(root);
  const onDisk = await readdir(join(root, MHL_DIR)).catch(() => [] as string[]);
  const highest = Math.max(
    0,
    ...previous.map((g) => g.sequence),
    ...onDisk.map((f) => Number(/^(\d{4})_/.exec(f)?.[1] ?? 0)),
  );
  const sequence = highest + 1;
  const folder = basename(root).replace(/[^A-Za-z0-9._-]/g, "_") || "root";
  const stamp = now.toISOString().replace(/\.\d+Z$/, "Z");
  const file = `${String(sequence).padStart(4, "0")}_${folder}_${stamp.slice(0, 10)}_${stamp.slice(11, 19).replace(/:/g, "")}Z.mhl`;
  const xml = Buffer.from(manifestXml(entries, now, toolVersion));
  await writeFileAtomic(join(root, MHL_DIR, file), xml);
  const generation = { sequence, file, c4: c4Id(xml) };
  await writeFileAtomic(join(root, MHL_DIR, CHAIN_FILE), chainXml([...previous, generation]));
  return generation;
}
