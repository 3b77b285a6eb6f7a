import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { c4Id } from "../../library/offload/c4.js";
import { parseManifest } from "../../library/offload/mhl.js";

const fixtures = join(import.meta.dirname, "..", "fixtures", "ascmhl");

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
    const entries = parseManifest(readFileSync(join(fixtures, "example-0001.mhl"), "utf8"));
    expect(entries).toEqual([
      expect.objectContaining({
        rel: "Clips/A002C006_141024_R2EC.mov",
        size: 5,
        format: "xxh64",
        hash: "0ea03b369a463d9d",
      }),
      expect.objectContaining({
        rel: "Clips/A002C007_141024_R2EC.mov",
        size: 4,
        format: "xxh64",
        hash: "7680e5f98f4a80fd",
      }),
      expect.objectContaining({ rel: "Sidecar.txt", size: 58, format: "xxh64", hash: "3ab5a4166b9bde44" }),
    ]);
  });
});
