import { existsSync } from "node:fs";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import { readCmx3600 } from "../support/cmx3600.js";
import { seedExportItems } from "../support/export-fixtures.js";
import { makeTimecodedClip, TIMECODED_CLIP } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { fcpxmlDtd, xmllint } from "../support/xmllint.js";
import { readZip } from "../support/zip.js";

describe("svc export", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let ids: number[];

  beforeAll(async () => {
    ws = await tempWorkspace("svc-export-cli-");
    ids = seedExportItems(ws.root, [
      {
        path: "A001.mov",
        duration_s: 10,
        start_timecode: "01:00:00:00",
        in_point: 1,
        out_point: 3,
        segments: [{ start: 1, end: 2, text: "hello" }],
      },
      { path: "sub/A001.mov", duration_s: 4 },
    ]);
  });
  afterAll(async () => {
    await ws?.cleanup();
  });

  it("writes a timeline to -o through a temp file, leaving nothing else behind", async () => {
    const out = join(ws.base, "cuts", "cut.edl");
    const result = await svc(
      ["export", "timeline", "--ids", ids.join(","), "--format", "edl", "-o", out],
      ws.env(),
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
    const edl = readCmx3600(await readFile(out, "utf8"));
    expect(edl.events.map((e) => [e.sourceIn, e.recordIn])).toEqual([
      ["01:00:01:00", "01:00:00:00"],
      ["00:00:00:00", "01:00:02:00"],
    ]);
    expect(await readdir(join(ws.base, "cuts"))).toEqual(["cut.edl"]);
  });

  it("writes a timeline to stdout without -o", async () => {
    const result = await svc(["export", "timeline", "--ids", String(ids[0]), "--format", "srt"], ws.env());
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe("1\n00:00:00,000 --> 00:00:01,000\nhello");
  });

  it("writes the selects log with subclips, and takes --sync, --subclips and --no-scenes", async () => {
    const store = openLibrary(ws.root);
    try {
      store.marks.add(
        ids[0] as number,
        {
          type: "subclip",
          name: "+hello",
          note: "",
          color: "blue",
          kind: null,
          start_s: 5,
          end_s: 6,
          author: "cli",
        },
        () => undefined,
      );
    } finally {
      store.close();
    }
    const log = await svc(
      ["export", "timeline", "--ids", String(ids[0]), "--format", "selects-csv"],
      ws.env(),
    );
    expect(log.exitCode, log.stderr).toBe(0);
    const rows = log.stdout.split("\r\n").map((line) => line.split(","));
    expect(rows.slice(1, 3).map((r) => [r[2], r[6], r[7]])).toEqual([
      ["", "01:00:01:00", "01:00:03:00"],
      ["'+hello", "01:00:05:00", "01:00:06:00"],
    ]);
    const edl = await svc(
      [
        "export",
        "timeline",
        "--ids",
        String(ids[0]),
        "--format",
        "edl",
        "--subclips",
        "--sync",
        "none",
        "--no-scenes",
      ],
      ws.env(),
    );
    expect(edl.exitCode, edl.stderr).toBe(0);
    expect(readCmx3600(edl.stdout).events.map((e) => e.comments)).toEqual([
      ["FROM CLIP NAME: A001.mov"],
      ["FROM CLIP NAME: A001.mov", "SUBCLIP: +hello"],
    ]);
    const bad = await svc(
      ["export", "timeline", "--ids", String(ids[0]), "--format", "edl", "--sync", "maybe"],
      ws.env(),
    );
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--sync");
  });

  it("writes a batch zip", async () => {
    const out = join(ws.base, "batch.zip");
    const result = await svc(
      ["export", "batch", "--ids", `${ids.join(",")},999`, "--formats", "srt,edl", "-o", out],
      ws.env(),
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const zip = await readZip(await readFile(out));
    expect([...zip.keys()]).toEqual(["A001.srt", "A001.edl", "A001-2.srt", "A001-2.edl", "manifest.json"]);
  });

  it("writes an FCPXML of the version --fcpxml-version names, and the fcpxmld bundle zip", async () => {
    const doc = await svc(
      [
        "export",
        "timeline",
        "--ids",
        ids.join(","),
        "--format",
        "fcpxml",
        "--fcpxml-version",
        "1.11",
        "--event",
        "project",
        "--name",
        "Selects",
      ],
      ws.env(),
    );
    expect(doc.exitCode, doc.stderr).toBe(0);
    expect((await xmllint(doc.stdout, fcpxmlDtd("1.11"))).status).toBe(0);
    // The event is the svc project's (its folder's name), the project inside it the timeline's.
    expect(doc.stdout).toMatch(/<event name="[^"]+">/);
    expect(doc.stdout).not.toContain('<event name="Selects">');
    expect(doc.stdout).toContain('<project name="Selects">');
    const out = join(ws.base, "cut.fcpxmld.zip");
    const bundle = await svc(
      ["export", "timeline", "--ids", ids.join(","), "--format", "fcpxmld", "--name", "Cut", "-o", out],
      ws.env(),
    );
    expect(bundle.exitCode, bundle.stderr).toBe(0);
    const zip = await readZip(await readFile(out));
    const info = zip.get("Cut.fcpxmld/Info.fcpxml")?.toString() as string;
    expect(info).toContain('<fcpxml version="1.10">');
    const lint = await xmllint(info, fcpxmlDtd("1.10"));
    expect(lint.stderr).toBe("");
  });

  it.each([
    [
      ["export", "timeline", "--ids", "1", "--format", "mp4"],
      /unknown timeline format "mp4": expected one of/,
    ],
    [["export", "timeline", "--ids", "x", "--format", "edl"], /--ids: expected media ids/],
    [["export", "timeline", "--ids", "999", "--format", "edl"], /no media item 999/],
    [["export", "batch", "--ids", "1", "--formats", "doc"], /--formats: expected formats among/],
    [
      ["export", "timeline", "--ids", "1", "--format", "fcpxml", "--fcpxml-version", "2"],
      /--fcpxml-version: expected one of 1.9, 1.10, 1.11/,
    ],
    [
      ["export", "timeline", "--ids", "1", "--format", "fcpxmld", "--fcpxml-version", "1.9"],
      /fcpxmld bundles start at 1.10/,
    ],
    [
      ["export", "timeline", "--ids", "1", "--format", "fcpxml", "--event", "day"],
      /--event: expected one of timeline, project/,
    ],
    [["export", "render"], /usage: svc export timeline/],
    [["export", "timeline", "--colour", "red"], /usage: svc export timeline/],
  ])("refuses %j with exit 2 and a clear message", async (args, message) => {
    const result = await svc(args, ws.env());
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("fails cleanly when -o cannot be written, leaving no partial file", async () => {
    const locked = join(ws.base, "locked");
    await mkdir(locked);
    // Immutable: not even root may create a file in it.
    await execa("chattr", ["+i", locked]);
    try {
      const result = await svc(
        ["export", "timeline", "--ids", String(ids[0]), "--format", "edl", "-o", join(locked, "cut.edl")],
        ws.env(),
      );
      expect(result.exitCode).not.toBe(0);
      expect(result.stderr).toMatch(/^svc: /m);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await readdir(locked)).toEqual([]);
    } finally {
      await execa("chattr", ["-i", locked]);
    }
  });

  it("exports a really ingested clip with its probed timecode, pointing at the file on disk", async () => {
    const real = await tempWorkspace("svc-export-real-");
    try {
      await makeTimecodedClip(real.root, "A002.mp4");
      const ingest = await svc(["ingest"], real.env());
      expect(ingest.exitCode, ingest.stderr).toBe(0);
      const store = openLibrary(real.root);
      const id = store.media.byPath("A002.mp4")?.id as number;
      store.edits.patch(id, { in_point: 1, out_point: 2.5 }, () => undefined);
      store.close();
      const edl = await svc(["export", "timeline", "--ids", String(id), "--format", "edl"], real.env());
      expect(edl.exitCode, edl.stderr).toBe(0);
      const [event] = readCmx3600(edl.stdout).events;
      expect([event?.sourceIn, event?.sourceOut, event?.channels]).toEqual([
        "01:00:01:00",
        "01:00:02:13",
        "AA/V",
      ]);
      const out = join(real.base, "cut.fcpxml");
      const fcpxml = await svc(
        ["export", "timeline", "--ids", String(id), "--format", "fcpxml", "-o", out],
        real.env(),
      );
      expect(fcpxml.exitCode, fcpxml.stderr).toBe(0);
      const xml = await readFile(out, "utf8");
      expect((await xmllint(xml, fcpxmlDtd("1.9"))).status).toBe(0);
      // Its two mono AAC tracks as probed, not a stereo guess.
      const { audioTracks, audioChannels, sampleRate } = TIMECODED_CLIP;
      expect(xml).toContain(
        `audioSources="${audioTracks}" audioChannels="${audioChannels}" audioRate="${sampleRate}"`,
      );
      const src = /src="([^"]+)"/.exec(xml)?.[1] as string;
      expect(existsSync(fileURLToPath(src))).toBe(true);
    } finally {
      await real.cleanup();
    }
  }, 120_000);
});
