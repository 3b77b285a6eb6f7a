import { readFileSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { Timeline, TimelineClip } from "../../formats/timeline.js";
import { type LoggingInfo, writeXmeml } from "../../formats/xmeml.js";
import { xmllint } from "../support/xmllint.js";

// Reviewed by hand against the FCP7 XML (xmeml v4) element reference: <logginginfo> with
// description, scene, shottake, lognote and good; <comments> with mastercomment1..4; a <bin>
// with <children> of master <clip>s that the sequence's clip items name by <masterclipid>.
const GOLDEN = readFileSync(new URL("../fixtures/xmeml/premiere-log.xml", import.meta.url), "utf8");

const NASTY = `Tom & "Jerry" <b> ]]> 🎬 \u200fשלום\u200f`;

const clip: TimelineClip = {
  name: "A001 <take>.mov",
  kind: "video",
  url: "file:///footage/A001.mov",
  sourceRate: { num: 25, den: 1 },
  dropFrame: false,
  sourceStart: 250,
  sourceDuration: 100,
  windowIn: 10,
  windowOut: 60,
  recordIn: 0,
  audioTracks: 1,
  audioChannels: 2,
  audioRate: 48_000,
  width: 1920,
  height: 1080,
  markers: [{ offset: 5, name: "laugh\there", note: `keep\r\nthis ${NASTY}`, duration: 3 }],
};

const timeline: Timeline = {
  name: `Selects ${NASTY}`,
  rate: { num: 25, den: 1 },
  dropFrame: false,
  start: 90_000,
  clips: [clip],
};

const log: LoggingInfo = {
  description: `best\tone\n${NASTY}`,
  scene: "12A",
  shotTake: "3",
  logNote: "boom in shot",
  good: true,
  comments: ["interview, day 1", "5"],
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false });

describe("xmeml for Premiere", () => {
  const xml = writeXmeml(timeline, { logs: new Map([[clip, log]]), bin: timeline.name });

  it("writes the tiny fixed timeline as the golden file", async () => {
    expect(xml).toBe(GOLDEN);
    expect(await xmllint(xml)).toEqual({ status: 0, stderr: "" });
  });

  it("reads back the log, the bin and the markers with their text on one line", () => {
    const doc = parser.parse(xml).xmeml;
    const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, " ");
    const video = doc.sequence.media.video.track.clipitem;
    expect(video.masterclipid).toBe("masterclip-1");
    expect(video.logginginfo).toEqual({
      description: oneLine(log.description),
      scene: "12A",
      shottake: "3",
      lognote: "boom in shot",
      good: "TRUE",
    });
    expect(video.comments).toEqual({ mastercomment1: "interview, day 1", mastercomment2: "5" });
    expect(video.marker).toEqual({ name: "laugh here", comment: `keep this ${NASTY}`, in: "15", out: "18" });
    expect(doc.bin.name).toBe(timeline.name);
    const master = doc.bin.children.clip;
    expect(master).toMatchObject({ id: "masterclip-1", ismasterclip: "TRUE", name: clip.name });
    expect(master.logginginfo.good).toBe("TRUE");
  });

  it("writes no log, comments, bin or master clip ids unless asked", () => {
    const plain = writeXmeml(timeline);
    for (const tag of ["<logginginfo>", "<comments>", "<bin>", "<masterclipid>"])
      expect(plain).not.toContain(tag);
    const empty = writeXmeml(timeline, { logs: new Map([[clip, { ...log, comments: ["", ""] }]]) });
    expect(empty).not.toContain("<comments>");
  });
});
