import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTimecode, rationalToFrames, STANDARD_RATES } from "../../formats/timecode.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { readCmx3600 } from "../support/cmx3600.js";
import { seedExportItems } from "../support/export-fixtures.js";
import { fcpxmlDtd, xmllint } from "../support/xmllint.js";
import { readZip } from "../support/zip.js";

const RATE_25 = STANDARD_RATES.find((r) => r.label === "25") as (typeof STANDARD_RATES)[number];
const frames = (tc: string) => parseTimecode(tc, RATE_25).frames;
// A half frame at 25 fps: the sync below falls between frames, as waveform sync finds it.
const HALF_FRAME = 960;
const NASTY_NAME = `Boom <in> & "shot" 'x' | pipe\nnext\u0007 line`;
const NASTY_CLEAN = `Boom <in> & "shot" 'x' | pipe next line`;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute &&
    ["asset", "asset-clip", "marker", "chapter-marker", "audio-channel-source", "track", "clipitem"].includes(
      name,
    ),
});

/** A value the test found, or a failure naming what was missing. */
function the<T>(value: T | undefined | null, what = "value"): T {
  if (value === undefined || value === null) throw new Error(`no ${what}`);
  return value;
}

// biome-ignore lint/suspicious/noExplicitAny: an OTIO document read back, walked by field names
type Doc = Record<string, any>;

/** RFC 4180 read back: quoted fields with doubled quotes, commas and line breaks inside. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length > 0) throw new Error("CSV does not end with CRLF");
  return rows;
}

describe("exports carry synced sound, subclips and markers", () => {
  let api: TestApi;
  let camA: number;
  let camB: number;
  let camC: number;
  let soundA: number;

  beforeAll(async () => {
    api = await startApi();
    const root = api.root as string;
    [camA, camB, camC, soundA] = seedExportItems(root, [
      {
        path: "day1/A001.mov",
        duration_s: 20,
        start_timecode: "10:00:00:00",
        in_point: 2,
        out_point: 8,
        audio_tracks: 1,
      },
      { path: "day1/B001.mov", duration_s: 10, start_timecode: "11:00:00:00", audio_tracks: 1 },
      { path: "day1/C001.mov", duration_s: 4, start_timecode: "12:00:00:00", audio_tracks: 1 },
      { path: "sound/A001_T1.wav", kind: "audio", duration_s: 60, start_timecode: "09:59:50:00" },
      { path: "sound/B001_T1.wav", kind: "audio", duration_s: 30, start_timecode: "11:00:01:00" },
      { path: "sound/C001_T1.wav", kind: "audio", duration_s: 30, start_timecode: "12:00:00:00" },
    ]) as [number, number, number, number];
    const store = openLibrary(root);
    try {
      store.db
        .prepare(
          "UPDATE media SET audio_channels = 4, audio_sample_rate = 48000, slate_json = ? WHERE id = ?",
        )
        .run(JSON.stringify({ scene: "12A", take: "3", tape: null, note: null, circled: true }), soundA);
      store.db
        .prepare("UPDATE media SET rating = 'good', rating_note = ?, camera_id = 'A' WHERE id = ?")
        .run("focus soft, use =anyway", camA);
      // Tags as keywords; one star a reject, five a favourite with its note.
      for (const tag of ["interview", `Ana, "wide" <&>`, "interview"]) store.tags.add(camA, tag, "manual");
      store.tags.add(camA, "interview", "auto");
      for (const tag of ["b-roll", "interview"]) store.tags.add(camB, tag, "manual");
      store.db.prepare("UPDATE media SET rating = '1' WHERE id = ?").run(camB);
      store.db.prepare("UPDATE media SET rating = '5', rating_note = ? WHERE id = ?").run("the one", camC);
      const channels = JSON.stringify([
        { index: 1, name: "Boom" },
        { index: 2, name: "Lav.Anna" },
        { index: 4, name: null },
      ]);
      // The camera's first frame falls 10 s and half a frame into the recording.
      const a = store.sync.record({
        camera_media_id: camA,
        sound_media_id: soundA,
        channels_json: channels,
        offset_samples: 480_000 + HALF_FRAME,
        sound_rate: 48_000,
        method: "both",
        confidence: 0.97,
        reason: "",
      });
      store.sync.update(a.id, { state: "accepted" }, () => undefined);
      // The recorder started one second after the camera.
      const b = store.sync.record({
        camera_media_id: camB,
        sound_media_id: soundA + 1,
        channels_json: "[]",
        offset_samples: -48_000,
        sound_rate: 48_000,
        method: "timecode",
        confidence: 1,
        reason: "",
      });
      store.sync.update(b.id, { state: "accepted" }, () => undefined);
      // Proposed only: left out unless asked for.
      store.sync.record({
        camera_media_id: camC,
        sound_media_id: soundA + 2,
        channels_json: "[]",
        offset_samples: 0,
        sound_rate: 48_000,
        method: "waveform",
        confidence: 0.7,
        reason: "",
      });
      const mark = (media: number, over: Record<string, unknown>) =>
        store.marks.add(
          media,
          {
            type: "marker",
            name: "m",
            note: "",
            color: "blue",
            kind: "marker",
            start_s: 0,
            end_s: null,
            author: "ae",
            ...over,
          },
          () => undefined,
        );
      mark(camA, { name: NASTY_NAME, note: "frame left & <top>", color: "red", kind: "todo", start_s: 3 });
      mark(camA, { name: "Act 2", color: "green", kind: "chapter", start_s: 4 });
      mark(camA, { name: "laugh", note: "keep", color: "fuchsia", start_s: 5, end_s: 5.5 });
      mark(camA, { name: "outside the select", start_s: 10 });
      mark(camA, { name: "in the subclip", color: "sand", start_s: 12.5 });
      store.marks.add(
        camA,
        {
          type: "subclip",
          name: `Good take | "best" <1>`,
          note: "=SUM(A1), then\nmore",
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

  const get = (fmt: string, query: string) => api.request("GET", `/api/export/timeline/${fmt}?${query}`);

  it("FCPXML: validates against the 1.9 DTD, connects the sound to the sample with channel roles, writes markers, to-dos, chapters and subclips", async () => {
    const res = await get("fcpxml", `ids=${camA},${camB}&subclips=1`);
    expect(res.status, res.text).toBe(200);
    const lint = await xmllint(res.text, fcpxmlDtd("1.9"));
    expect(lint.stderr).toBe("");
    expect(lint.status).toBe(0);
    const doc = xml.parse(res.text).fcpxml;
    const assets = doc.resources.asset as Record<string, string>[];
    const soundAsset = assets.find((a) => a.name === "A001_T1.wav") as Record<string, string>;
    expect(soundAsset).toMatchObject({
      hasVideo: "0",
      hasAudio: "1",
      audioChannels: "4",
      audioRate: "48000",
    });
    expect(rationalToFrames(soundAsset.start as string, RATE_25)).toBe(frames("09:59:50:00"));
    const spine = doc.library.event.project.sequence.spine;
    const [select, subclip, b] = spine["asset-clip"] as Record<string, unknown>[];
    // The select: 10:00:02:00 of A001; its sound starts 12 s and half a frame into the file.
    expect(the(select).start).toBe("36002s");
    const [sound] = the(select)["asset-clip"] as Record<string, unknown>[];
    expect(sound).toMatchObject({ lane: "-1", offset: "36002s", duration: "6s", audioRole: "dialogue.Boom" });
    // 35990 s (09:59:50:00) + (480960 + 96000) / 48000 s = 36002.02 s.
    expect(the(sound).start).toBe("1800101/50s");
    expect(
      (the(sound)["audio-channel-source"] as Record<string, string>[]).map((c) => [c.srcCh, c.role]),
    ).toEqual([
      ["1", "dialogue.Boom"],
      ["2", "dialogue.Lav Anna"],
      ["4", "dialogue.Dialogue-4"],
    ]);
    // Markers at their source frames (half a second lasts 13 frames: 5.5 s is frame 137.5, rounded up): a to-do (with the note), a chapter, a lasting marker.
    const markers = select?.marker as Record<string, string>[];
    expect(markers.map((m) => [m.value, m.completed, m.note, m.start, m.duration])).toEqual([
      [NASTY_CLEAN, "0", "frame left & <top>", "36003s", "1/25s"],
      ["laugh", undefined, "keep", "36005s", "13/25s"],
    ]);
    expect(
      (the(select)["chapter-marker"] as Record<string, string>[]).map((m) => [
        m.value,
        m.start,
        m.posterOffset,
      ]),
    ).toEqual([["Act 2", "36004s", "0s"]]);
    expect(res.text).not.toContain("outside the select");
    // The subclip: a clip of its own, named and noted, 12–14 s of the file, with its marker.
    expect(subclip).toMatchObject({ name: `Good take | "best" <1>`, start: "36012s", duration: "2s" });
    expect(the(subclip).note).toBe("=SUM(A1), then more");
    expect((the(subclip).marker as Record<string, string>[]).map((m) => m.value)).toEqual(["in the subclip"]);
    // B: the recorder started a second after the camera, so its sound is connected a second in.
    const [bSound] = the(b)["asset-clip"] as Record<string, unknown>[];
    expect(bSound).toMatchObject({ offset: "39601s", start: "39601s", duration: "9s" });
  });

  it("FCPXML 1.10 and 1.11 on request: the same document under its version, each valid against its own DTD", async () => {
    const base = (await get("fcpxml", `ids=${camA},${camB}&subclips=1`)).text;
    for (const version of ["1.10", "1.11"]) {
      const res = await get("fcpxml", `ids=${camA},${camB}&subclips=1&version=${version}`);
      expect(res.status, res.text).toBe(200);
      const lint = await xmllint(res.text, fcpxmlDtd(version));
      expect(lint.stderr).toBe("");
      expect(lint.status).toBe(0);
      expect(xml.parse(res.text).fcpxml.version).toBe(version);
      expect(res.text).toBe(base.replace('version="1.9"', `version="${version}"`));
    }
    // Asking for 1.9 by name gives the default document.
    expect((await get("fcpxml", `ids=${camA},${camB}&subclips=1&version=1.9`)).text).toBe(base);
  });

  it("FCPXML: tags as keywords and the event's keyword collections, 4–5 stars as favourites, 1 as a reject, the rating note as the clip's note, valid in every version", async () => {
    for (const version of ["1.9", "1.10", "1.11"]) {
      const res = await get("fcpxml", `ids=${camA},${camB},${camC}&subclips=1&version=${version}`);
      expect(res.status, res.text).toBe(200);
      const lint = await xmllint(res.text, fcpxmlDtd(version));
      expect(lint.stderr).toBe("");
      expect(lint.status).toBe(0);
      const event = xml.parse(res.text).fcpxml.library.event;
      expect((event["keyword-collection"] as Record<string, string>[]).map((k) => k.name)).toEqual([
        `Ana "wide" <&>`,
        "b-roll",
        "interview",
      ]);
      const [select, subclip, b, c] = event.project.sequence.spine["asset-clip"] as Record<string, unknown>[];
      // The keywords and ratings span each clip's window in its own time.
      expect(the(select).keyword).toEqual({
        start: "36002s",
        duration: "6s",
        value: `Ana "wide" <&>, interview`,
      });
      expect(the(select).rating).toBeUndefined();
      expect(the(select).note).toBe("focus soft, use =anyway");
      expect(the(subclip).keyword).toMatchObject({ start: "36012s", duration: "2s" });
      expect(the(subclip).note).toBe("=SUM(A1), then more");
      expect(the(b).keyword).toMatchObject({ value: "b-roll, interview" });
      expect(the(b).rating).toEqual({ start: "39600s", duration: "10s", value: "reject" });
      expect(the(c).keyword).toBeUndefined();
      expect(the(c).rating).toMatchObject({ value: "favorite", duration: "4s" });
      expect(the(c).note).toBe("the one");
    }
  });

  it("fcpxmld: a zip of the named bundle folder holding Info.fcpxml, 1.10 unless 1.11 is asked for", async () => {
    for (const [query, version] of [
      ["", "1.10"],
      ["&version=1.11", "1.11"],
    ] as const) {
      const res = await get("fcpxmld", `ids=${camA},${camB}&subclips=1&name=Day%201${query}`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      expect(res.headers["content-disposition"]).toContain("Day 1.fcpxmld.zip");
      const zip = await readZip(res.body);
      expect([...zip.keys()]).toEqual(["Day 1.fcpxmld/Info.fcpxml"]);
      const info = zip.get("Day 1.fcpxmld/Info.fcpxml")?.toString() as string;
      const lint = await xmllint(info, fcpxmlDtd(version));
      expect(lint.stderr).toBe("");
      expect(lint.status).toBe(0);
      expect(xml.parse(info).fcpxml.version).toBe(version);
      expect(info).toContain("in the subclip");
    }
  });

  it("fcpxmld: a name with a slash, a right-to-left mark, emoji and XML metacharacters makes one safe folder", async () => {
    const res = await get("fcpxmld", `ids=${camA}&name=${encodeURIComponent("Cut/1 \u202E😀 <x>")}`);
    expect(res.status, res.text).toBe(200);
    const zip = await readZip(res.body);
    expect([...zip.keys()]).toEqual(["Cut_1 😀 _x_.fcpxmld/Info.fcpxml"]);
    const info = zip.get("Cut_1 😀 _x_.fcpxmld/Info.fcpxml")?.toString() as string;
    expect((await xmllint(info, fcpxmlDtd("1.10"))).status).toBe(0);
    expect(xml.parse(info).fcpxml.library.event.name).toBe("Cut/1 \u202E😀 <x>");
  });

  it("FCPXML events: one per query (named as the timeline) by default, one per project with event=project", async () => {
    const projects = (await api.request("GET", "/api/projects")).json<{ projects: { name: string }[] }>();
    const projectName = projects.projects[0]?.name as string;
    expect(projectName).toBeTruthy();
    const perQuery = await get("fcpxml", `ids=${camA}&name=Selects%20Tue`);
    expect(xml.parse(perQuery.text).fcpxml.library.event.name).toBe("Selects Tue");
    for (const format of ["fcpxml", "fcpxmld"] as const) {
      const res = await get(format, `ids=${camA}&name=Selects%20Tue&event=project`);
      expect(res.status, res.text).toBe(200);
      const doc =
        format === "fcpxml"
          ? res.text
          : ((await readZip(res.body)).get("Selects Tue.fcpxmld/Info.fcpxml")?.toString() as string);
      const parsed = xml.parse(doc).fcpxml.library.event;
      expect(parsed.name).toBe(projectName);
      expect(parsed.project.name).toBe("Selects Tue");
      expect((await xmllint(doc, fcpxmlDtd(format === "fcpxml" ? "1.9" : "1.10"))).status).toBe(0);
    }
    const bad = await get("fcpxml", `ids=${camA}&event=day`);
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("timeline, project");
  });

  it("refuses an FCPXML version there is not, a bundle of 1.9, and a version on another format, with 422 naming the choices", async () => {
    const unknown = await get("fcpxml", `ids=${camA}&version=1.12`);
    expect(unknown.status).toBe(422);
    expect(unknown.text).toContain("1.9, 1.10, 1.11");
    const old = await get("fcpxmld", `ids=${camA}&version=1.9`);
    expect(old.status).toBe(422);
    expect(old.text).toContain("1.10, 1.11");
    const other = await get("edl", `ids=${camA}&version=1.10`);
    expect(other.status).toBe(422);
    expect(other.text).toContain("fcpxml");
  });

  it("FCP7 XML: the sound as linked mono items per recorder channel at the right frames; markers with comments", async () => {
    const res = await get("xmeml", `ids=${camA},${camB}`);
    expect(res.status).toBe(200);
    expect((await xmllint(res.text)).status).toBe(0);
    const sequence = xml.parse(res.text).xmeml.sequence;
    const tracks = sequence.media.audio.track as Record<string, unknown>[];
    // Two camera tracks (a stereo pair), then one mono track per recorder channel.
    expect(tracks.map((t) => t.premiereTrackType)).toEqual(["Stereo", "Stereo", "Mono", "Mono", "Mono"]);
    const soundItems = tracks.slice(2).map((t) => (t.clipitem as Record<string, unknown>[])[0]);
    const [boom] = soundItems;
    // 576960 samples into the file are 300.5 frames; to the nearest (half rounds up).
    expect([boom?.start, boom?.end, boom?.in, boom?.out]).toEqual(["0", "150", "301", "451"]);
    expect(soundItems.map((i) => (the(i).sourcetrack as Record<string, string>).trackindex)).toEqual([
      "1",
      "2",
      "4",
    ]);
    const bBoom = (the(tracks[2]).clipitem as Record<string, unknown>[])[1];
    expect([bBoom?.start, bBoom?.end, bBoom?.in]).toEqual(["175", "400", "0"]);
    const video = sequence.media.video.track[0].clipitem[0];
    const linked = (video.link as Record<string, string>[]).map((l) => l.linkclipref);
    expect(linked).toContain(boom?.id);
    const markers = (Array.isArray(video.marker) ? video.marker : [video.marker]) as Record<string, string>[];
    expect(markers.map((m) => [m.name, m.comment, m.in, m.out])).toEqual([
      [NASTY_CLEAN, "frame left & <top>", "75", "-1"],
      ["Act 2", "", "100", "-1"],
      ["laugh", "keep", "125", "138"],
    ]);
  });

  it("EDL: markers as LOC lines, the sound as a second list to the frame", async () => {
    const edl = readCmx3600((await get("edl", `ids=${camA}`)).text);
    const locs = edl.events[0]?.comments.filter((c) => c.startsWith("LOC: "));
    expect(locs).toEqual([
      "LOC: 10:00:03:00 RED     Boom <in> & \"shot\" 'x' | pipe_next_ line - frame left & <top>",
      "LOC: 10:00:04:00 GREEN   Act 2",
      "LOC: 10:00:05:00 MAGENTA laugh - keep",
    ]);
    const sound = readCmx3600((await get("edl-sound", `ids=${camA},${camB}`)).text);
    expect(
      sound.events.map((e) => [e.reel, e.channels, e.sourceIn, e.sourceOut, e.recordIn, e.recordOut]),
    ).toEqual([
      ["A001_T1", "AA", "10:00:02:01", "10:00:08:01", "01:00:00:00", "01:00:06:00"],
      ["B001_T1", "AA", "11:00:01:00", "11:00:10:00", "01:00:07:00", "01:00:16:00"],
    ]);
    expect(sound.events[0]?.comments).toEqual([
      "FROM CLIP NAME: A001_T1.wav",
      "SYNCED TO CLIP: A001.mov",
      "AUDIO CHANNELS: 1 Boom, 2 Lav.Anna, 4",
    ]);
    const markers = readCmx3600((await get("edl-markers", `ids=${camA}&scenes=0`)).text);
    expect(markers.events.map((e) => [e.recordIn, e.marker])).toEqual([
      [
        "01:00:01:00",
        { colour: "ResolveColorRed", name: "Boom <in> & \"shot\" 'x' / pipe_next_ line", duration: 1 },
      ],
      ["01:00:02:00", { colour: "ResolveColorGreen", name: "Act 2", duration: 1 }],
      ["01:00:03:00", { colour: "ResolveColorFuchsia", name: "laugh", duration: 13 }],
    ]);
    expect(markers.events[0]?.comments).toEqual(["COMMENT: frame left & <top>"]);
  });

  it("OTIO: a second audio track for the synced sound with gaps, markers with colour and metadata", async () => {
    const res = await get("otio", `ids=${camA},${camC},${camB}&sync=proposed`);
    const doc = JSON.parse(res.text);
    const tracks = doc.tracks.children as {
      name: string;
      kind: string;
      children: Record<string, unknown>[];
    }[];
    expect(tracks.map((t) => [t.name, t.kind])).toEqual([
      ["V1", "Video"],
      ["A1", "Audio"],
      ["A2 Sync Sound", "Audio"],
    ]);
    const synced = the(tracks[2]).children as Doc[];
    expect(synced.map((c) => [c.OTIO_SCHEMA, c.name, c.source_range.duration.value])).toEqual([
      ["Clip.2", "A001_T1.wav", 150],
      ["Clip.2", "C001_T1.wav", 100],
      ["Gap.1", "", 25],
      ["Clip.2", "B001_T1.wav", 225],
    ]);
    expect(synced[0]?.metadata.svc).toMatchObject({
      offset_samples: 480_960,
      sound_in_samples: 576_960,
      delay_samples: 0,
    });
    expect(synced[3]?.metadata.svc).toMatchObject({
      offset_samples: -48_000,
      sound_in_samples: 0,
      delay_samples: 48_000,
    });
    const markers = the(tracks[0]).children[0]?.markers as Doc[];
    const mine = markers.filter((m) => m.metadata.svc.author === "ae");
    expect(mine.map((m) => [m.name, m.color, m.metadata.svc.color, m.metadata.svc.kind, m.comment])).toEqual([
      [NASTY_CLEAN, "RED", "red", "todo", "frame left & <top>"],
      ["Act 2", "GREEN", "green", "chapter", ""],
      ["laugh", "MAGENTA", "fuchsia", "marker", "keep"],
    ]);
    expect(mine[2]?.marked_range.duration.value).toBe(13);
    // Scene markers stay unless scenes=0; accepted pairs only by default; none at all with sync=none.
    const plain = JSON.parse((await get("otio", `ids=${camA},${camC}`)).text);
    expect(plain.tracks.children[2].children.map((c: { name: string }) => c.name)).toEqual(["A001_T1.wav"]);
    const none = JSON.parse((await get("otio", `ids=${camA}&sync=none`)).text);
    expect(none.tracks.children).toHaveLength(2);
  });

  it("selects log: CSV per RFC 4180 with the select and its subclip, guarded against formulas; TSV too", async () => {
    const res = await get("selects-csv", `ids=${camA},${camB}&name=Day%201`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain('filename="Day 1.selects.csv"');
    const [header, ...rows] = readCsv(res.text);
    expect(header?.slice(0, 8)).toEqual([
      "item_id",
      "file",
      "subclip",
      "in_s",
      "out_s",
      "duration_s",
      "in_tc",
      "out_tc",
    ]);
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(rows).toHaveLength(3);
    const [select, sub, b] = rows;
    expect([
      cell(select, "item_id"),
      cell(select, "subclip"),
      cell(select, "in_s"),
      cell(select, "out_s"),
    ]).toEqual([String(camA), "", "2", "8"]);
    expect([
      cell(select, "in_tc"),
      cell(select, "out_tc"),
      cell(select, "scene"),
      cell(select, "take"),
    ]).toEqual(["10:00:02:00", "10:00:08:00", "12A", "3"]);
    expect([
      cell(select, "circled"),
      cell(select, "camera"),
      cell(select, "rating"),
      cell(select, "note"),
    ]).toEqual(["1", "A", "good", "focus soft, use =anyway"]);
    expect(cell(select, "marker_count")).toBe("3");
    // Line breaks stay (quoted), control characters go.
    expect(cell(select, "markers")).toBe(
      `${NASTY_NAME.replace("\u0007", "")}: frame left & <top>; Act 2; laugh: keep`,
    );
    expect([cell(sub, "subclip"), cell(sub, "in_tc"), cell(sub, "out_tc"), cell(sub, "duration_s")]).toEqual([
      `Good take | "best" <1>`,
      "10:00:12:00",
      "10:00:14:00",
      "2",
    ]);
    // A note that a spreadsheet would run as a formula is text.
    expect(cell(sub, "note")).toBe("'=SUM(A1), then\nmore");
    expect(cell(b, "scene")).toBe("");
    const tsv = (await get("selects-tsv", `ids=${camA}`)).text.split("\n");
    expect(tsv).toHaveLength(4);
    expect(tsv.slice(0, 3).every((line) => line.split("\t").length === 16)).toBe(true);
    expect(tsv[2]?.split("\t")[13]).toBe("'=SUM(A1), then more");
  });

  it("a batch zip carries the selects log for the whole batch and each clip's sound list", async () => {
    const res = await api.request("POST", "/api/export/batch", {
      body: { ids: [camA, camB], formats: ["edl-sound", "edl-markers", "selects-csv"] },
    });
    expect(res.status).toBe(200);
    const zip = await readZip(res.body);
    const names = [...zip.keys()].sort();
    expect(names).toEqual([
      "A001.markers.edl",
      "A001.sound.edl",
      "B001.markers.edl",
      "B001.sound.edl",
      "manifest.json",
      "selects.csv",
    ]);
    expect(readCsv(zip.get("selects.csv")?.toString() as string)).toHaveLength(4);
    const sound = readCmx3600(zip.get("A001.sound.edl")?.toString() as string);
    // The batch describes whole files: A001's sound from its first frame, 10 s and half a frame in.
    expect(sound.events[0]?.sourceIn).toBe("10:00:00:01");
    const markers = readCmx3600(zip.get("A001.markers.edl")?.toString() as string);
    expect(markers.events.map((e) => e.marker?.name)).toContain("outside the select");
    expect(JSON.parse(zip.get("manifest.json")?.toString() as string).selects).toEqual(["selects.csv"]);
  });

  it("refuses a bad sync or subclips value with 422 naming it", async () => {
    const bad = await get("fcpxml", `ids=${camA}&sync=maybe`);
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("sync");
    expect((await get("fcpxml", `ids=${camA}&subclips=2`)).status).toBe(422);
  });
});
