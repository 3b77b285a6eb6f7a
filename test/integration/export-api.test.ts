import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { execa } from "execa";
import { parser as srtParser, validator as srtValidator } from "srt-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTimecode, STANDARD_RATES } from "../../formats/timecode.js";
import { createToken } from "../../library/access/tokens.js";
import { startApi, type TestApi } from "../support/api.js";
import { readCmx3600 } from "../support/cmx3600.js";
import { seedExportItems } from "../support/export-fixtures.js";

import { fcpxmlDtd, xmllint } from "../support/xmllint.js";
import { readZip } from "../support/zip.js";

const RATE_25 = STANDARD_RATES.find((r) => r.label === "25") as (typeof STANDARD_RATES)[number];
const frames = (tc: string) => parseTimecode(tc, RATE_25).frames;

describe("export API", () => {
  let api: TestApi;
  let ids: number[];

  beforeAll(async () => {
    api = await startApi();
    ids = seedExportItems(api.root as string, [
      {
        path: "day 1/A001.mov",
        duration_s: 20,
        start_timecode: "10:00:00:00",
        in_point: 2,
        out_point: 6,
        audio_tracks: 2,
        segments: [
          { start: 0, end: 3, text: "before and across the in point" },
          { start: 3, end: 5, text: "inside the window & <safe>" },
          { start: 5.5, end: 8, text: "across the out point" },
          { start: 9, end: 12, text: "after the window" },
        ],
        scenes: [
          { start_s: 0, end_s: 3, description: "outside" },
          { start_s: 3, end_s: 20, description: "a red door" },
        ],
      },
      // Another rate: described at its own, placed by time at the timeline's 25 fps.
      {
        path: "day 2/A001.mp4",
        duration_s: 3,
        fps: 29.97,
        start_timecode: "01:00:00;00",
        segments: [{ start: 0, end: 1, text: "second clip" }],
      },
      { path: "sound/interview.wav", kind: "audio", duration_s: 4, audio_tracks: 1 },
      { path: "stills/CON.png", kind: "image", duration_s: null },
      // A window entirely outside the file: contributes nothing.
      { path: "late.mov", duration_s: 5, in_point: 8, out_point: 9 },
      { path: "bad<name>|x?.mov", duration_s: 2 },
      // Shows as "Invoicevom.exe.pdf" where bidirectional text is honoured.
      { path: "Invoice\u202efdp.exe.mov", duration_s: 2 },
    ]);
  });
  afterAll(async () => {
    await api?.close();
  });

  const timeline = (fmt: string, query: string) => api.request("GET", `/api/export/timeline/${fmt}?${query}`);

  describe("GET /api/export/timeline/{fmt}", () => {
    it("writes an EDL of the windows end to end from 01:00:00:00 with source timecode plus trim", async () => {
      const res = await timeline("edl", `ids=${ids.slice(0, 5).join(",")}&name=Cut%201`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="Cut 1.edl"; filename*=UTF-8''Cut%201.edl`,
      );
      expect(res.headers["x-svc-skipped"]).toBe(String(ids[4]));
      const edl = readCmx3600(res.text);
      expect(edl.title).toBe("Cut 1");
      expect(edl.dropFrame).toBe(false);
      expect(edl.events.map((e) => [e.channels, e.comments[0]])).toEqual([
        ["AA/V", "FROM CLIP NAME: A001.mov"],
        ["B", "FROM CLIP NAME: A001.mp4"],
        ["A", "FROM CLIP NAME: interview.wav"],
        ["V", "FROM CLIP NAME: CON.png"],
      ]);
      const [first, second, third, fourth] = edl.events;
      expect(first?.sourceIn).toBe("10:00:02:00");
      expect(first?.sourceOut).toBe("10:00:06:00");
      expect(first?.recordIn).toBe("01:00:00:00");
      // The 29.97 clip keeps its own drop-frame labels (3 s are 90 of its frames) and says its rate.
      expect([second?.sourceIn, second?.sourceOut]).toEqual(["01:00:00;00", "01:00:03;00"]);
      expect(second?.comments).toEqual(["FROM CLIP NAME: A001.mp4", "SOURCE FRAME RATE: 29.97"]);
      expect(frames(second?.recordOut as string) - frames(second?.recordIn as string)).toBe(75);
      expect(third?.recordIn).toBe("01:00:07:00");
      // A still stands for five seconds.
      expect(frames(fourth?.recordOut as string) - frames(fourth?.recordIn as string)).toBe(125);
    });

    it("re-times the transcript onto the timeline as SRT, cutting segments at the window edges", async () => {
      const res = await timeline("srt", `ids=${ids[0]},${ids[1]}`);
      expect(res.status).toBe(200);
      expect(srtValidator(res.text)).toEqual([]);
      expect(srtParser.parse(res.text).map((c) => [c.time.start, c.time.end, c.text])).toEqual([
        [0, 1000, "before and across the in point"],
        [1000, 3000, "inside the window & <safe>"],
        [3500, 4000, "across the out point"],
        [4000, 5000, "second clip"],
      ]);
      // ffprobe reads the same cue times.
      const file = join(api.home, "cut.srt");
      await writeFile(file, res.text);
      const probe = await execa(process.env.SVC_FFPROBE ?? "ffprobe", [
        "-v",
        "error",
        "-of",
        "json",
        "-show_packets",
        file,
      ]);
      const packets = (JSON.parse(probe.stdout) as { packets: { pts_time: string; duration_time: string }[] })
        .packets;
      expect(packets.map((p) => [Number(p.pts_time), Number(p.duration_time)])).toEqual([
        [0, 1],
        [1, 2],
        [3.5, 0.5],
        [4, 1],
      ]);
    });

    it("writes WebVTT with the markup characters escaped", async () => {
      const res = await timeline("vtt", `ids=${ids[0]}`);
      expect(res.headers["content-type"]).toMatch(/^text\/vtt/);
      expect(res.text).toContain("00:00:01.000 --> 00:00:03.000\ninside the window &amp; &lt;safe&gt;");
    });

    it("takes the rate asked for, in drop frame unless the first clip's timecode is non-drop", async () => {
      const ndf = readCmx3600((await timeline("edl", `ids=${ids[0]}&fps=29.97`)).text);
      expect(ndf.dropFrame).toBe(false);
      expect(ndf.events[0]?.recordOut).toBe("01:00:04:00");
      const df = readCmx3600((await timeline("edl", `ids=${ids[2]}&fps=59.94`)).text);
      expect(df.dropFrame).toBe(true);
      expect(df.events[0]?.recordIn).toBe("01:00:00;00");
    });

    it.each([
      ["mp4", `ids=1`, 422, /unknown timeline format "mp4": expected one of edl, /],
      ["edl", "ids=", 422, /ids/],
      ["edl", "ids=1,,2", 422, /ids/],
      ["edl", "ids=-1", 422, /ids/],
      ["edl", "ids=1&fps=31", 422, /fps: expected one of 23.976/],
      ["edl", `ids=${Array.from({ length: 2001 }, (_, i) => i + 1).join(",")}`, 422, /at most 2000 clips/],
      ["edl", "ids=999999", 404, /no media item 999999/],
      ["edl", "ids=1&project=nope", 404, /no project named/],
    ])("refuses %s with %s", async (fmt, query, status, detail) => {
      const res = await timeline(fmt, query);
      expect(res.status).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    });

    it("names the download safely whatever the name asked for", async () => {
      const res = await timeline("edl", `ids=${ids[0]}&name=${encodeURIComponent('CON<1>:"x"/y\\z|?*. ')}`);
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="CON_1___x__y_z___\.edl"/);
    });
  });

  // Trojan Source: a name showing its characters in another order than they have.
  const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it("keeps bidirectional controls out of download and zip entry names", async () => {
    const name = encodeURIComponent("Cut\u202e1\u2066\u200f");
    const download = await timeline("edl", `ids=${ids[6]}&name=${name}`);
    expect(download.status, download.text).toBe(200);
    const disposition = String(download.headers["content-disposition"]);
    expect(decodeURIComponent(disposition)).not.toMatch(BIDI);
    expect(disposition).toBe(`attachment; filename="Cut1.edl"; filename*=UTF-8''Cut1.edl`);
    const res = await api.request("POST", "/api/export/batch", { body: { ids: [ids[6]], formats: ["srt"] } });
    expect(res.status, res.text).toBe(200);
    const zip = await readZip(res.body);
    expect([...zip.keys()]).toEqual(["Invoicefdp.exe.srt", "manifest.json"]);
    // The manifest still names the file as it is on disk.
    expect(JSON.parse(zip.get("manifest.json")?.toString() ?? "{}").files[0].name).toBe(
      "Invoice\u202efdp.exe.mov",
    );
  });

  describe("POST /api/export/batch", () => {
    const batch = (body: unknown, headers?: Record<string, string>) =>
      api.request("POST", "/api/export/batch", { body, headers });

    it("zips one file per clip per format with safe, de-collided names and a manifest", async () => {
      const res = await batch({
        ids: [ids[0], ids[1], 424242, ids[3], ids[5]],
        formats: ["srt", "vtt", "txt", "edl", "edl-markers", "fcpxml"],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      const zip = await readZip(res.body);
      expect([...zip.keys()]).toEqual([
        ...["A001", "A001-2", "CON_", "bad_name__x_"].flatMap((stem) =>
          [".srt", ".vtt", ".txt", ".edl", ".markers.edl", ".fcpxml"].map((ext) => `${stem}${ext}`),
        ),
        "manifest.json",
      ]);
      const manifest = JSON.parse(zip.get("manifest.json")?.toString() ?? "{}");
      expect(manifest.skipped).toEqual([{ id: 424242, reason: "no such media item" }]);
      expect(manifest.files[0]).toEqual({
        id: ids[0],
        name: "A001.mov",
        files: ["A001.srt", "A001.vtt", "A001.txt", "A001.edl", "A001.markers.edl", "A001.fcpxml"],
      });
      // A sidecar describes the whole file in its own time, not the trimmed window.
      const srt = zip.get("A001.srt")?.toString() ?? "";
      expect(srtValidator(srt)).toEqual([]);
      expect(srtParser.parse(srt)[3]?.time).toEqual({ start: 9000, end: 12_000 });
      const markers = readCmx3600(zip.get("A001.markers.edl")?.toString() ?? "");
      expect(markers.events.map((e) => [e.recordIn, e.marker?.name])).toEqual([
        ["01:00:00:00", "Scene 1"],
        ["01:00:03:00", "Scene 2"],
      ]);
      expect(readCmx3600(zip.get("A001-2.edl")?.toString() ?? "").events).toHaveLength(1);
      const lint = await xmllint(zip.get("A001.fcpxml")?.toString() ?? "", fcpxmlDtd("1.9"));
      expect(lint.status, lint.stderr).toBe(0);
    });

    it.each([
      ["no ids", { ids: [] }, /ids: give at least one media id/],
      ["a string id", { ids: ["1"] }, /ids/],
      [
        "an unknown format",
        { ids: [1], formats: ["mov"] },
        /formats.0: expected formats among srt, vtt, txt, edl, edl-markers, edl-sound, fcpxml, selects-csv, selects-tsv/,
      ],
      ["10,001 ids", { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, /at most 10000 clips/],
      ["an unknown field", { ids: [1], extra: true }, /Unrecognized key/],
    ])("refuses %s with 422", async (_label, body, detail) => {
      const res = await batch(body);
      expect(res.status).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    });

    it("refuses a cross-site browser request", async () => {
      expect((await batch({ ids: [ids[0]] }, { origin: "https://evil.example" })).status).toBe(403);
    });
  });

  it("streams a batch of 10,000 ids, most of them unknown, without refusing it", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => (i < 6 ? (ids[i] as number) : 1_000_000 + i));
    const res = await api.request("POST", "/api/export/batch", { body: { ids: many, formats: ["txt"] } });
    expect(res.status).toBe(200);
    const zip = await readZip(res.body);
    expect(JSON.parse(zip.get("manifest.json")?.toString() ?? "{}").skipped).toHaveLength(9994);
  });

  it("gives a reviewer's token relative media references, an admin's and local callers file URLs", async () => {
    const local = await timeline("fcpxml", `ids=${ids[0]}`);
    expect(local.text).toContain(`src="${pathToFileURL(join(api.root as string, "day 1/A001.mov")).href}"`);
    // The same SVC_HOME: a second svc of the same host, so it may open the project too.
    const remote = await startApi({
      projectRoot: api.root,
      env: { SVC_TRUST_LOOPBACK: "0", SVC_HOME: api.home },
    });
    try {
      const reviewer = createToken(remote.registry, { name: "review", scopes: ["videos_read"] });
      const admin = createToken(remote.registry, { name: "admin", scopes: ["admin"] });
      const as = (secret: string) =>
        remote.request("GET", `/api/export/timeline/fcpxml?ids=${ids[0]}`, {
          headers: { authorization: `Bearer ${secret}` },
        });
      const reviewed = await as(reviewer.secret);
      expect(reviewed.status).toBe(200);
      expect(reviewed.text).toContain('src="day%201/A001.mov"');
      expect(reviewed.text).not.toContain(api.root as string);
      for (const fmt of ["otio", "xmeml"]) {
        const other = await remote.request("GET", `/api/export/timeline/${fmt}?ids=${ids[0]}`, {
          headers: { authorization: `Bearer ${reviewer.secret}` },
        });
        expect(other.text).not.toContain(api.root as string);
      }
      expect((await as(admin.secret)).text).toContain("file:///");
    } finally {
      await remote.stop();
    }
  });

  it("writes FCPXML, FCP7 XML and OTIO timelines that validate and name every clip", async () => {
    const query = `ids=${ids.slice(0, 4).join(",")}`;
    const fcpxml = await timeline("fcpxml", query);
    expect(fcpxml.headers["content-disposition"]).toMatch(/filename="svc timeline\.fcpxml"/);
    const lint = await xmllint(fcpxml.text, fcpxmlDtd("1.9"));
    expect(lint.stderr).toBe("");
    expect(lint.status).toBe(0);
    const xmeml = await timeline("xmeml", query);
    expect((await xmllint(xmeml.text)).status).toBe(0);
    const otio = (await timeline("otio", query)).json<{
      tracks: { children: { children: { OTIO_SCHEMA: string; name: string }[] }[] };
    }>();
    // The audio take leaves a gap on the video track.
    expect(otio.tracks.children[0]?.children.map((c) => c.name || c.OTIO_SCHEMA)).toEqual([
      "A001.mov",
      "A001.mp4",
      "Gap.1",
      "CON.png",
    ]);
    for (const text of [fcpxml.text, xmeml.text]) {
      for (const name of ["A001.mov", "A001.mp4", "interview.wav", "CON.png"]) expect(text).toContain(name);
    }
  });
});
