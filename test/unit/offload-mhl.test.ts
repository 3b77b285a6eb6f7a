import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalHash, manifestXml, parseChain, parseManifest } from "../../formats/mhl.js";
import { c4Id } from "../../library/offload/c4.js";
import { createHasher, HASH_FORMATS, type HashFormat } from "../../library/offload/hash.js";
import { ignoreMatcher } from "../../library/offload/ignore.js";
import { checkFor } from "../../library/offload/mhl.js";
import { ascMhlSchema, xmllintSchema } from "../support/xmllint.js";

const fixtures = join(import.meta.dirname, "..", "fixtures", "ascmhl");
// A history the reference tool (ascmitc/mhl 1.1) wrote: see test/fixtures/ascmhl/README.md.
const reel = join(fixtures, "reel");
const manifestOf = (history: string, sequence: number) => {
  const chain = parseChain(readFileSync(join(history, "ascmhl", "ascmhl_chain.xml"), "utf8"));
  const entry = chain.find((g) => g.sequence === sequence);
  return readFileSync(join(history, "ascmhl", entry?.path ?? "missing"), "utf8");
};

describe("ASC MHL", () => {
  it("computes the C4 id the reference chain records for its manifest", () => {
    const manifest = readFileSync(join(fixtures, "example-0001.mhl"));
    const chain = readFileSync(join(fixtures, "example-ascmhl_chain.xml"), "utf8");
    const recorded = /<c4>([^<]+)<\/c4>/.exec(chain)?.[1];
    expect(c4Id(manifest)).toBe(recorded);
    expect(c4Id(manifest)).toHaveLength(90);
  });

  it("pads a C4 id with leading 1s to 90 characters", () => {
    expect(c4Id(Buffer.from(""))).toMatch(/^c4[1-9A-HJ-NP-Za-km-z]{88}$/);
  });

  it("reads the file hashes of the reference manifest, not its directory hashes", () => {
    const { files, ignore, process } = parseManifest(
      readFileSync(join(fixtures, "example-0001.mhl"), "utf8"),
    );
    expect(process).toBe("in-place");
    expect(ignore).toEqual([".DS_Store", "ascmhl", "ascmhl/"]);
    expect(files).toEqual([
      expect.objectContaining({
        path: "Clips/A002C006_141024_R2EC.mov",
        size: 5,
        hashes: [{ format: "xxh64", value: "0ea03b369a463d9d", action: "original" }],
      }),
      expect.objectContaining({
        path: "Clips/A002C007_141024_R2EC.mov",
        size: 4,
        hashes: [{ format: "xxh64", value: "7680e5f98f4a80fd", action: "original" }],
      }),
      expect.objectContaining({ path: "Sidecar.txt", size: 58 }),
    ]);
  });

  it("reads every hash format, action and reference the reference tool writes", () => {
    const first = parseManifest(manifestOf(reel, 1));
    expect(first.ignore).toContain("*.tmp");
    expect(first.files).toEqual([
      expect.objectContaining({
        path: "Sidecar.txt",
        hashes: [{ format: "xxh128", value: expect.stringMatching(/^[0-9a-f]{32}$/), action: "original" }],
      }),
    ]);
    expect(first.references).toEqual([
      { path: expect.stringMatching(/^Card\/ascmhl\/0002_Card_.*\.mhl$/), c4: expect.stringMatching(/^c4/) },
    ]);
    const card = parseManifest(manifestOf(join(reel, "Card"), 2));
    expect(card.files.map((f) => f.hashes.map((h) => `${h.format}:${h.action}`))).toEqual([
      ["c4:verified", "xxh128:verified"],
      ["c4:verified", "xxh128:verified"],
    ]);
    const last = parseManifest(manifestOf(reel, 6));
    expect(last.files.flatMap((f) => f.hashes.map((h) => h.format)).sort()).toEqual(
      ["md5", "sha1", "xxh128", "xxh128", "xxh128", "xxh128", "xxh128", "xxh3", "xxh64"].sort(),
    );
  });

  it("reads a namespace prefix and values wrapped over lines, and refuses what is not a manifest", () => {
    const xml = `<?xml version="1.0"?>
<m:hashlist version="2.0" xmlns:m="urn:ASC:MHL:v2.0"><m:creatorinfo/><m:processinfo><m:process>transfer</m:process></m:processinfo>
<m:hashes><m:hash><m:path size="3"> spaced name.mov</m:path><m:xxh64 action="original">ABCDEF01
23456789</m:xxh64></m:hash></m:hashes></m:hashlist>`;
    expect(parseManifest(xml).files).toEqual([
      {
        path: " spaced name.mov",
        size: 3,
        modifiedMs: null,
        previousPath: null,
        hashes: [{ format: "xxh64", value: "abcdef0123456789", action: "original" }],
      },
    ]);
    expect(() => parseManifest("<hashlist><hashes>")).toThrow(/not well-formed/);
    expect(() => parseManifest("<ascmhldirectory/>")).toThrow(/not an ASC MHL hashlist/);
    expect(canonicalHash("c4", " c4Ab\n")).toBe("c4Ab");
  });

  it("hashes every format as the reference tool recorded it", async () => {
    const seen = new Set<string>();
    const check = async (history: string) => {
      const chain = parseChain(await readFile(join(history, "ascmhl", "ascmhl_chain.xml"), "utf8"));
      for (const generation of chain) {
        const manifest = parseManifest(await readFile(join(history, "ascmhl", generation.path), "utf8"));
        for (const file of manifest.files)
          for (const hash of file.hashes) {
            const hasher = await createHasher(hash.format as HashFormat);
            hasher.update(await readFile(join(history, file.path)));
            expect(hasher.digest(), `${file.path} ${hash.format}`).toBe(hash.value);
            seen.add(hash.format);
          }
      }
    };
    await check(reel);
    await check(join(reel, "Card"));
    expect([...seen].sort()).toEqual([...HASH_FORMATS].sort());
  });

  it("writes a manifest the schema accepts, a file's hashes in the schema's order, with references", async () => {
    const xml = manifestXml({
      creationDate: new Date("2024-05-01T10:00:00Z"),
      hostname: "dit-cart",
      tool: { name: "svc", version: "1.0" },
      process: "in-place",
      ignore: [".DS_Store", "*.tmp"],
      files: [
        {
          path: "Clips/A & B.mov",
          size: 3,
          modifiedMs: 0,
          hashes: [
            { format: "xxh64", value: "0123456789abcdef", action: "verified" },
            { format: "c4", value: c4Id(Buffer.from("abc")), action: "verified" },
            { format: "xxh128", value: "0123456789abcdef0123456789abcdef", action: "failed" },
          ],
        },
      ],
      references: [{ path: "Card/ascmhl/0002_Card.mhl", c4: c4Id(Buffer.from("x")) }],
    });
    expect(xml.indexOf("<c4 ")).toBeLessThan(xml.indexOf("<xxh128 "));
    expect(xml.indexOf("<xxh128 ")).toBeLessThan(xml.indexOf("<xxh64 "));
    const dir = await mkdtemp(join(tmpdir(), "svc-mhl-"));
    try {
      await writeFile(join(dir, "0001.mhl"), xml);
      const lint = xmllintSchema(join(dir, "0001.mhl"), ascMhlSchema("ASCMHL.xsd"));
      expect(lint.status, lint.stderr).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const back = parseManifest(xml);
    expect(back.files[0]?.path).toBe("Clips/A & B.mov");
    expect(back.references).toEqual([{ path: "Card/ascmhl/0002_Card.mhl", c4: c4Id(Buffer.from("x")) }]);
  });

  it("matches ignore patterns as the standard's gitignore lines, the default list always applying", () => {
    const ignored = ignoreMatcher(["*.tmp", "/Proxy", "Cache/", "Clips/**/*.xml", "!keep.tmp"]);
    expect(ignored("a.tmp", false)).toBe(true);
    expect(ignored("Clips/deep/b.tmp", false)).toBe(true);
    expect(ignored("keep.tmp", false)).toBe(false);
    expect(ignored("Proxy/x.mov", false)).toBe(true);
    expect(ignored("Clips/Proxy/x.mov", false)).toBe(false);
    expect(ignored("Cache", true)).toBe(true);
    expect(ignored("Cache", false)).toBe(false);
    expect(ignored("A/Cache/x", false)).toBe(true);
    expect(ignored("Clips/x/y/z.xml", false)).toBe(true);
    expect(ignored("z.xml", false)).toBe(false);
    expect(ignored("Card/ascmhl/0001.mhl", false)).toBe(true);
    expect(ignored("Card/.DS_Store", false)).toBe(true);
    expect(ignored("Clips/A001.mov", false)).toBe(false);
    expect(ignored("../a.tmp", false)).toBe(false);
  });

  it("checks a file against a hash it can compute, and says why when there is none", () => {
    const record = (
      hashes: { format: string; value: string; action: "original" | "verified" | "failed" | null }[],
    ) => ({
      rel: "a.mov",
      size: 1,
      hashes,
    });
    expect(checkFor(record([{ format: "sha256", value: "ab", action: "original" }]))).toEqual({
      problem: expect.stringMatching(/hash format svc cannot check \(sha256\)/),
    });
    expect(checkFor(record([{ format: "md5", value: "ab", action: "failed" }]))).toEqual({
      problem: expect.stringMatching(/only failed hashes/),
    });
    const mixed = record([
      { format: "sha256", value: "00", action: "original" },
      { format: "xxh64", value: "11", action: "verified" },
      { format: "md5", value: "22", action: "verified" },
    ]);
    expect(checkFor(mixed)).toEqual({ format: "xxh64", value: "11" });
    expect(checkFor(mixed, "md5")).toEqual({ format: "md5", value: "22" });
    expect(
      checkFor(
        record([
          { format: "xxh128", value: "33", action: "verified" },
          { format: "c4", value: "c4x", action: "original" },
        ]),
      ),
    ).toEqual({ format: "c4", value: "c4x" });
  });
});
