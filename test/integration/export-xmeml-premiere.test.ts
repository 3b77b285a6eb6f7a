import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { seedExportItems } from "../support/export-fixtures.js";
import { xmllint } from "../support/xmllint.js";

const NASTY = `Take\t"best" <1> & 'x'\nnext\r 🎬 \u200fשלום\u200f`;
const NASTY_CLEAN = `Take "best" <1> & 'x' next  🎬 \u200fשלום\u200f`;

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ["clipitem", "clip", "track"].includes(name),
});

describe("xmeml for Premiere through the API", () => {
  let api: TestApi;
  let good: number;
  let plain: number;

  beforeAll(async () => {
    api = await startApi();
    const root = api.root as string;
    [good, plain] = seedExportItems(root, [
      { path: "day1/A001.mov", duration_s: 10, fps: 25, start_timecode: "10:00:00:00", audio_tracks: 1 },
      { path: "day1/A002.mov", duration_s: 10, fps: 25, start_timecode: "11:00:00:00", audio_tracks: 0 },
    ]) as [number, number];
    const store = openLibrary(root);
    try {
      store.db
        .prepare("UPDATE media SET rating = '5', rating_note = ?, slate_json = ? WHERE id = ?")
        .run(
          NASTY,
          JSON.stringify({ scene: "12A", take: "3", tape: null, note: "boom\tin", circled: false }),
          good,
        );
      store.db.prepare("UPDATE media SET rating = '2' WHERE id = ?").run(plain);
      store.tags.add(good, "interview", "manual");
      store.tags.add(good, "day 1", "manual");
    } finally {
      store.close();
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it("carries each clip's log, its tags and rating as comments, and a bin of master clips named for the timeline", async () => {
    const res = await api.request(
      "GET",
      `/api/export/timeline/xmeml?ids=${good},${plain}&name=Day%201%20%F0%9F%8E%AC`,
    );
    expect(res.status).toBe(200);
    expect((await xmllint(res.text)).status).toBe(0);
    const doc = parser.parse(res.text).xmeml as Node;
    const video = ((doc.sequence as Node).media as { video: { track: { clipitem: Node[] }[] } }).video
      .track[0]?.clipitem as Node[];
    expect(video.map((item) => item.name)).toEqual(["A001.mov", "A002.mov"]);
    expect(video[0]?.logginginfo).toEqual({
      description: NASTY_CLEAN,
      scene: "12A",
      shottake: "3",
      lognote: "boom in",
      good: "TRUE",
    });
    expect(video[0]?.comments).toEqual({ mastercomment1: "day 1, interview", mastercomment2: "5" });
    expect(video[1]?.logginginfo).toMatchObject({ description: "", scene: "", good: "FALSE" });
    expect(video[1]?.comments).toEqual({ mastercomment1: "", mastercomment2: "2" });

    const bin = doc.bin as { name: string; children: { clip: Node[] } };
    expect(bin.name).toBe("Day 1 🎬");
    const masters = bin.children.clip;
    expect(masters.map((clip) => [clip.id, clip.name, clip.ismasterclip])).toEqual([
      ["masterclip-1", "A001.mov", "TRUE"],
      ["masterclip-2", "A002.mov", "TRUE"],
    ]);
    expect(video.map((item) => item.masterclipid)).toEqual(["masterclip-1", "masterclip-2"]);
    expect(masters[0]?.logginginfo).toMatchObject({ good: "TRUE" });
  });
});
