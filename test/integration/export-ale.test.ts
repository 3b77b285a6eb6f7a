import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTimecode, STANDARD_RATES } from "../../formats/timecode.js";
import { BATCH_FORMATS } from "../../library/export/batch.js";
import { TIMELINE_FORMATS } from "../../library/export/timeline.js";
import { openLibrary } from "../../state/stores.js";
import { readAle } from "../support/ale.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { seedExportItems } from "../support/export-fixtures.js";
import { readZip } from "../support/zip.js";

const RATE_2997 = STANDARD_RATES.find((r) => r.label === "29.97") as (typeof STANDARD_RATES)[number];
const NASTY = `Take\t"best" <1> & 'x'\nnext\r\u0007 🎬 \u200fשלום\u200f`;
const NASTY_CLEAN = `Take "best" <1> & 'x' next   🎬 \u200fשלום\u200f`;

describe("ALE export through the API", () => {
  let api: TestApi;
  let ntsc: number;
  let pal: number;

  beforeAll(async () => {
    api = await startApi();
    const root = api.root as string;
    [ntsc, pal] = seedExportItems(root, [
      // 29.97 drop frame: the window crosses a minute, where labels skip ;00 and ;01.
      {
        path: "day1/N001.mov",
        duration_s: 120,
        fps: 29.97,
        start_timecode: "01:00:00;00",
        in_point: 59.5,
        out_point: 61,
        audio_tracks: 1,
      },
      {
        path: "day1/P001.mov",
        duration_s: 20,
        fps: 25,
        start_timecode: "10:00:00:00",
        in_point: 2,
        out_point: 8,
        audio_tracks: 0,
      },
    ]) as [number, number];
    const store = openLibrary(root);
    try {
      store.db
        .prepare(
          "UPDATE media SET rating = 'good', rating_note = ?, camera_id = 'A', angle = 'wide', slate_json = ? WHERE id = ?",
        )
        .run(
          NASTY,
          JSON.stringify({ scene: "12A", take: "3", tape: "ROLL\t7", note: null, circled: true }),
          ntsc,
        );
      store.tags.add(ntsc, "interview", "manual");
      store.tags.add(ntsc, "interview", "auto");
      store.tags.add(ntsc, "day\n1", "manual");
      store.marks.add(
        ntsc,
        {
          type: "marker",
          name: NASTY,
          note: "",
          color: "red",
          kind: "marker",
          start_s: 60,
          end_s: null,
          author: "ae",
        },
        () => undefined,
      );
      store.marks.add(
        pal,
        {
          type: "subclip",
          name: NASTY,
          note: "sub note",
          color: "blue",
          kind: null,
          start_s: 12,
          end_s: 14,
          author: "ae",
        },
        () => undefined,
      );
    } finally {
      store.close();
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it("writes a row per select and subclip, each in its own rate's timecode, values sanitised", async () => {
    const res = await api.request("GET", `/api/export/timeline/ale?ids=${ntsc},${pal}&name=Day%201`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["content-disposition"]).toContain('filename="Day 1.ale"');
    const ale = readAle(res.text);
    expect(ale.lineEnd).toBe("\r\n");
    expect(ale.heading).toEqual({
      FIELD_DELIM: "TABS",
      VIDEO_FORMAT: "1080",
      AUDIO_FORMAT: "48khz",
      FPS: "29.97",
    });
    expect(ale.columns.slice(0, 5)).toEqual(["Name", "Tracks", "Start", "End", "Duration"]);
    expect(ale.rows).toHaveLength(3);
    const [n, p, sub] = ale.rows as [Record<string, string>, Record<string, string>, Record<string, string>];

    // Drop frame: `;` before the frames, End exclusive, Duration = End - Start.
    expect(n.Start).toMatch(/^01:00:59;\d\d$/);
    expect(n.End).toMatch(/^01:01:0\d;\d\d$/);
    const frames = (tc: string) => parseTimecode(tc, RATE_2997).frames;
    expect(frames(n.End as string) - frames(n.Start as string)).toBe(frames(n.Duration as string));
    expect(frames(n.Duration as string)).toBe(Math.round((1.5 * 30000) / 1001));
    expect(n).toMatchObject({
      Name: "N001.mov",
      Tracks: "VA1A2",
      Tape: "ROLL 7",
      "Source File": "N001.mov",
      Scene: "12A",
      Take: "3",
      Camera: "A",
      Angle: "wide",
      Comments: NASTY_CLEAN,
      Rating: "good",
      Tags: "day 1, interview",
      Markers: `1: ${NASTY_CLEAN}`,
    });

    // A clip of another rate keeps its own timecode, not the timeline's.
    expect(p).toMatchObject({ Name: "P001.mov", Tracks: "V", Start: "10:00:02:00", End: "10:00:08:00" });
    expect(p.Duration).toBe("00:00:06:00");
    expect(sub).toMatchObject({
      Name: NASTY_CLEAN,
      "Source File": "P001.mov",
      Start: "10:00:12:00",
      End: "10:00:14:00",
      Duration: "00:00:02:00",
      Comments: "sub note",
    });
  });

  it("puts one ALE for the whole batch in the zip", async () => {
    const res = await api.request("POST", "/api/export/batch", {
      body: { ids: [ntsc, pal], formats: ["edl", "ale"] },
    });
    expect(res.status).toBe(200);
    const zip = await readZip(res.body);
    expect([...zip.keys()].sort()).toEqual(["N001.edl", "P001.edl", "manifest.json", "selects.ale"]);
    expect(readAle(zip.get("selects.ale")?.toString() as string).rows).toHaveLength(3);
    expect(JSON.parse(zip.get("manifest.json")?.toString() as string).selects).toEqual(["selects.ale"]);
  });

  it("svc export timeline --help lists every timeline and batch format", async () => {
    const res = await svc(["export", "timeline", "--help"], {});
    expect(res.exitCode).toBe(0);
    const usage = res.stdout;
    expect(usage).toContain(`--format ${TIMELINE_FORMATS.join("|")}`);
    expect(usage).toContain(`--formats ${BATCH_FORMATS.join(",")}`);
    for (const format of ["edl-markers", "ale"]) expect(usage).toContain(format);
    expect((await svc(["export", "--help"], {})).stdout).toBe(usage);
  });
});
