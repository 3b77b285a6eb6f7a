import { readFile } from "node:fs/promises";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDpxHeader } from "../../formats/dpx-header.js";
import { readExrHeader } from "../../formats/exr-header.js";
import { decodeTimecode, encodeTimecode } from "../../formats/frame-header.js";
import { sequenceInputOf } from "../../pipeline/sequence-input.js";
import { makeFrames, packTimecode, setDpxFields, setExrFields } from "../support/camera/sequences.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const TEN = { hours: 10, minutes: 0, seconds: 0, frames: 0, dropFrame: false };

describe("packed SMPTE timecode", () => {
  it("reads back what it packs, drop frame included", () => {
    const tc = { hours: 23, minutes: 59, seconds: 58, frames: 29, dropFrame: true };
    expect(decodeTimecode(encodeTimecode(tc), false)).toEqual(tc);
    expect(encodeTimecode(TEN)).toBe(0x10000000);
  });

  it("refuses digits that are not decimal, fields out of range, and a negative DPX field", () => {
    expect(decodeTimecode(0x1000000a, false)).toBeNull();
    expect(decodeTimecode(0x24000000, false)).toBeNull();
    expect(decodeTimecode(0x00600000, false)).toBeNull();
    expect(decodeTimecode(0x80000000, false)).toBeNull();
    // EXR keeps flag bits beside the hours: they are not digits.
    expect(decodeTimecode(0x80000000, true)).toEqual({ ...TEN, hours: 0 });
  });
});

describe("frame headers", () => {
  it("ignores what is not a DPX or EXR header", () => {
    expect(readDpxHeader(Buffer.from("not a header"))).toBeNull();
    expect(readExrHeader(Buffer.alloc(4))).toBeNull();
  });

  it("reads unset DPX fields as absent, in either byte order", () => {
    const header = Buffer.alloc(2048, 0xff);
    header.write("SDPX", 0, "latin1");
    header.writeUInt32BE(2048, 4);
    expect(readDpxHeader(header)).toEqual({ fps: null, timecode: null });
    header.writeFloatBE(25, 1724);
    expect(readDpxHeader(header)).toEqual({ fps: 25, timecode: null });
    // Past the picture's start the industry headers are not there.
    header.writeUInt32BE(1664, 4);
    expect(readDpxHeader(header)).toEqual({ fps: null, timecode: null });
  });
});

describe.skipIf(!needTools("ffmpeg", "ffprobe"))("frame headers of real frames", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  beforeAll(async () => {
    ws = await tempWorkspace();
  });
  afterAll(() => ws.cleanup());

  it("reads a DPX television header the writer added, and ffmpeg still decodes the frame", async () => {
    const [frame] = await makeFrames(ws.root, "dpx", "plate", { ext: "dpx", first: 1001, count: 1 });
    const file = frame as string;
    expect(readDpxHeader(await readFile(file))).toEqual({ fps: null, timecode: null });
    await setDpxFields(file, { fps: 25, timecode: packTimecode(TEN) });
    expect(readDpxHeader(await readFile(file))).toEqual({ fps: 25, timecode: 0x10000000 });
    const probe = await execa("ffprobe", ["-v", "error", "-show_streams", "-of", "json", file]);
    expect(JSON.parse(probe.stdout).streams[0]).toMatchObject({ codec_name: "dpx", width: 64, height: 36 });
  });

  it("reads an EXR's framesPerSecond and an added timeCode, and ffmpeg still decodes the frame", async () => {
    const [frame] = await makeFrames(ws.root, "exr", "plate", { ext: "exr", first: 1, count: 1 });
    const file = frame as string;
    expect(readExrHeader(await readFile(file))).toEqual({ fps: 24, timecode: null });
    await setExrFields(file, { fps: [30000, 1001], timecode: packTimecode(TEN) });
    expect(readExrHeader(await readFile(file))).toEqual({ fps: 30000 / 1001, timecode: 0x10000000 });
    const decoded = await execa("ffmpeg", ["-v", "error", "-i", file, "-f", "null", "-"]);
    expect(decoded.stderr).toBe("");
  });
});

describe("a sequence's decode input", () => {
  const whole = { first: 1001, last: 1003, count: 3, missing: [], missing_count: 0 };

  it("reads a whole sequence by number from its first frame at its rate", () => {
    expect(sequenceInputOf("/p/100%/a.####.dpx", whole, "24000/1001")).toEqual({
      path: "/p/100%%/a.%04d.dpx",
      inputOptions: ["-f", "image2", "-framerate", "24000/1001", "-start_number", "1001"],
      display: "",
    });
  });

  it("reads a sequence with a gap by a glob of its frame numbers, wider numbers after", () => {
    const gap = { first: 9998, last: 10001, count: 3, missing: [9999], missing_count: 1 };
    expect(sequenceInputOf("/p/[x]/a.####.dpx", gap, "24/1")).toEqual({
      path: "/p/\\[x\\]/a.{[0-9][0-9][0-9][0-9],[1-9][0-9][0-9][0-9][0-9]}.dpx",
      inputOptions: ["-f", "image2", "-pattern_type", "glob", "-framerate", "24/1"],
      display: "",
    });
  });
});
