import { chmod, cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chainXml, parseChain, parseManifest } from "../../formats/mhl.js";
import { c4Id } from "../../library/offload/c4.js";
import { svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";
import { ascMhlSchema, xmllintSchema } from "../support/xmllint.js";

// A history the reference tool (ascmitc/mhl 1.1) wrote, with a nested one in Card/: originals in
// xxh128 (Sidecar.txt), md5, sha1, xxh3, xxh64 (Clips/A001-A004.mov) and c4 (Card/), later
// generations verifying them in xxh128; ignore pattern *.tmp. See test/fixtures/ascmhl/README.md.
const REEL = join(import.meta.dirname, "..", "fixtures", "ascmhl", "reel");

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
let reel: string;
beforeEach(async () => {
  ws = await tempWorkspace("svc-mhl-verify-");
  reel = join(ws.base, "Reel");
  await cp(REEL, reel, { recursive: true });
});
afterEach(async () => {
  await ws.cleanup();
});

const env = () => ({ SVC_HOME: ws.home });
const failures = (stdout: string) => stdout.split("\n").filter((line) => line.startsWith("FAILED"));

async function flipByte(file: string, at: number): Promise<void> {
  const data = await readFile(file);
  data[at] = (data[at] as number) ^ 0xff;
  await writeFile(file, data);
}

async function manifests(history: string): Promise<string[]> {
  return (await readdir(join(history, "ascmhl"))).filter((n) => n.endsWith(".mhl")).sort();
}

describe("svc offload verify on a history the reference tool wrote", () => {
  it("checks every file of the history and of the nested one, in every hash format", async () => {
    const run = await svc(["offload", "verify", reel], env());
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^verified: 7 files, 9 generations, 0 problems/m);
  });

  it("fails a flipped byte and a deleted file in the nested history, paths as seen from the top", async () => {
    await flipByte(join(reel, "Card", "Clips", "B001.mov"), 3);
    await rm(join(reel, "Card", "Note.txt"));
    await flipByte(join(reel, "Sidecar.txt"), 0);
    const run = await svc(["offload", "verify", reel], env());
    expect(run.exitCode).toBe(1);
    expect(failures(run.stdout)).toEqual([
      expect.stringMatching(
        /^FAILED\tSidecar\.txt\txxh128 [0-9a-f]{32} differs from the recorded [0-9a-f]{32}$/,
      ),
      expect.stringMatching(
        /^FAILED\tCard\/Clips\/B001\.mov\tc4 c4\w{88} differs from the recorded c4\w{88}$/,
      ),
      "FAILED\tCard/Note.txt\tmissing or unreadable",
    ]);
  });

  it("fails a missing nested history: its references, and its files as unreferenced", async () => {
    await rm(join(reel, "Card", "ascmhl"), { recursive: true });
    const run = await svc(["offload", "verify", reel], env());
    expect(run.exitCode).toBe(1);
    const lines = failures(run.stdout);
    expect(
      lines.filter((l) => /nested ASC MHL history it references \(Card\) is missing/.test(l)),
    ).toHaveLength(2);
    expect(lines).toContain("FAILED\tCard/Clips/B001.mov\tpresent but not referenced in the ASC MHL history");
    expect(lines).toContain("FAILED\tCard/Note.txt\tpresent but not referenced in the ASC MHL history");
  });

  it("reports files no history lists, but not those its ignore patterns cover", async () => {
    await writeFile(join(reel, "notes.txt"), "added later");
    await writeFile(join(reel, "Card", "Clips", "B002.mov"), "not recorded");
    await writeFile(join(reel, "Clips", "render.tmp"), "ignored by *.tmp");
    await writeFile(join(reel, "Card", ".DS_Store"), "ignored by default");
    const run = await svc(["offload", "verify", reel], env());
    expect(run.exitCode).toBe(1);
    expect(failures(run.stdout)).toEqual([
      "FAILED\tnotes.txt\tpresent but not referenced in the ASC MHL history",
      "FAILED\tCard/Clips/B002.mov\tpresent but not referenced in the ASC MHL history",
    ]);
    await rm(join(reel, "notes.txt"));
    await rm(join(reel, "Card", "Clips", "B002.mov"));
    expect((await svc(["offload", "verify", reel], env())).exitCode).toBe(0);
  }, 120_000);

  it("never passes an entry it cannot check or a manifest it cannot read", async () => {
    const card = join(ws.base, "Future");
    await mkdir(join(card, "ascmhl"), { recursive: true });
    await writeFile(join(card, "a.mov"), "hashed by a format svc does not know");
    const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<hashlist version="2.0" xmlns="urn:ASC:MHL:v2.0">
  <creatorinfo><creationdate>2024-05-01T10:00:00+00:00</creationdate><hostname>h</hostname><tool>future</tool></creatorinfo>
  <processinfo><process>transfer</process></processinfo>
  <hashes>
    <hash><path size="36">a.mov</path><sha256 action="original">0011</sha256></hash>
    <hash><path size="4">../outside.mov</path><xxh64 action="original">0123456789abcdef</xxh64></hash>
  </hashes>
</hashlist>
`;
    await writeFile(join(card, "ascmhl", "0001_Future.mhl"), manifest);
    await writeFile(
      join(card, "ascmhl", "ascmhl_chain.xml"),
      chainXml([{ sequence: 1, path: "0001_Future.mhl", c4: c4Id(Buffer.from(manifest)) }]),
    );
    const unknown = await svc(["offload", "verify", card], env());
    expect(unknown.exitCode).toBe(1);
    expect(failures(unknown.stdout)).toEqual([
      "FAILED\ta.mov\trecorded only in a hash format svc cannot check (sha256): not checked",
      "FAILED\t../outside.mov\tthe history records a path outside its folder: not checked",
    ]);
    expect(unknown.stdout).toMatch(/verification failed: 0 files/);

    const [, second] = await manifests(reel);
    await writeFile(join(reel, "ascmhl", second as string), "not xml <");
    const unreadable = await svc(["offload", "verify", reel], env());
    expect(unreadable.exitCode).toBe(1);
    expect(failures(unreadable.stdout)).toEqual([
      `FAILED\tascmhl/${second}\tthe manifest does not match its C4 id in the chain`,
      expect.stringMatching(
        new RegExp(`^FAILED\tascmhl/${second}\tthe manifest cannot be read: not well-formed`),
      ),
    ]);
  }, 120_000);

  it("fails a folder it cannot list, as an account that cannot read it", async () => {
    await execa("chown", ["-R", "65534:65534", ws.base]);
    await chmod(join(reel, "Clips"), 0o000);
    const run = await svc(["offload", "verify", reel], env(), 120_000, {
      via: ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
    });
    expect(run.exitCode).toBe(1);
    expect(failures(run.stdout)).toEqual([
      "FAILED\tClips\tthe folder cannot be read (EACCES)",
      "FAILED\tClips/A001.mov\tmissing or unreadable",
      "FAILED\tClips/A002.mov\tmissing or unreadable",
      "FAILED\tClips/A003.mov\tmissing or unreadable",
      "FAILED\tClips/A004.mov\tmissing or unreadable",
    ]);
    await chmod(join(reel, "Clips"), 0o755);
  });

  it("--record adds a verified generation to each history, the top one referencing the nested one's", async () => {
    const before = { top: await manifests(reel), card: await manifests(join(reel, "Card")) };
    const run = await svc(["offload", "verify", reel, "--record"], env());
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const top = (await manifests(reel)).filter((m) => !before.top.includes(m));
    const card = (await manifests(join(reel, "Card"))).filter((m) => !before.card.includes(m));
    expect(top).toEqual([expect.stringMatching(/^0007_Reel_/)]);
    expect(card).toEqual([expect.stringMatching(/^0004_Card_/)]);
    expect(run.stdout).toContain(`recorded: ascmhl/${top[0]}\nrecorded: Card/ascmhl/${card[0]}`);
    for (const [history, manifest] of [
      [reel, top[0]],
      [join(reel, "Card"), card[0]],
    ] as const) {
      const lint = xmllintSchema(join(history, "ascmhl", manifest as string), ascMhlSchema("ASCMHL.xsd"));
      expect(lint.status, lint.stderr).toBe(0);
      const chain = xmllintSchema(
        join(history, "ascmhl", "ascmhl_chain.xml"),
        ascMhlSchema("ASCMHLDirectory.xsd"),
      );
      expect(chain.status, chain.stderr).toBe(0);
    }
    const topXml = await readFile(join(reel, "ascmhl", top[0] as string), "utf8");
    const cardBytes = await readFile(join(reel, "Card", "ascmhl", card[0] as string));
    const recorded = parseManifest(topXml);
    expect(recorded.process).toBe("in-place");
    expect(recorded.ignore).toContain("*.tmp");
    expect(recorded.files.map((f) => [f.path, f.hashes])).toEqual([
      ["Clips/A001.mov", [{ format: "md5", value: expect.any(String), action: "verified" }]],
      ["Clips/A002.mov", [{ format: "sha1", value: expect.any(String), action: "verified" }]],
      ["Clips/A003.mov", [{ format: "xxh3", value: expect.any(String), action: "verified" }]],
      ["Clips/A004.mov", [{ format: "xxh64", value: expect.any(String), action: "verified" }]],
      ["Sidecar.txt", [{ format: "xxh128", value: expect.any(String), action: "verified" }]],
    ]);
    expect(recorded.references).toEqual([{ path: `Card/ascmhl/${card[0]}`, c4: c4Id(cardBytes) }]);
    expect(parseManifest(cardBytes.toString()).files.map((f) => [f.path, f.hashes[0]?.action])).toEqual([
      ["Clips/B001.mov", "verified"],
      ["Note.txt", "verified"],
    ]);
    const chain = parseChain(await readFile(join(reel, "ascmhl", "ascmhl_chain.xml"), "utf8"));
    expect(chain.at(-1)).toEqual({ sequence: 7, path: top[0], c4: c4Id(Buffer.from(topXml)) });

    // The record is itself consistent, and a failure is recorded as failed.
    await flipByte(join(reel, "Card", "Clips", "B001.mov"), 0);
    const again = await svc(["offload", "verify", reel, "--record"], env());
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toMatch(/11 generations, 1 problems/);
    const latest = (await manifests(join(reel, "Card"))).at(-1) as string;
    const failed = parseManifest(await readFile(join(reel, "Card", "ascmhl", latest), "utf8"));
    expect(failed.files.find((f) => f.path === "Clips/B001.mov")?.hashes).toEqual([
      { format: "c4", value: expect.stringMatching(/^c4/), action: "failed" },
    ]);
  }, 120_000);

  it("refuses --record on a folder without a history, and an unknown option", async () => {
    const none = await svc(["offload", "verify", ws.root, "--record"], env());
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/no ASC MHL history/);
    expect(await readdir(ws.root)).toEqual([]);
    const bad = await svc(["offload", "verify", reel, "--recrd"], env());
    expect(bad.exitCode).toBe(2);
    expect(await manifests(reel)).toHaveLength(6);
  }, 120_000);
});
