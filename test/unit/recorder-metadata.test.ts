import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseIxml } from "../../formats/ixml.js";
import { packedLtcTimecode, sonyStartTimecode } from "../../formats/sony-xml.js";
import { MAX_IXML_BYTES, readIxmlChunk } from "../../pipeline/probe/riff-chunks.js";
import { ixmlDocument } from "../support/camera/sound.js";

describe("iXML", () => {
  it("reads the slate, the speed and the track names", () => {
    const ixml = parseIxml(
      ixmlDocument({
        scene: "12A",
        take: "3",
        tape: "DAY02",
        note: "wind & rain",
        circled: true,
        rate: "24000/1001",
        flag: "NDF",
        samples: 0x1_0000_0002n,
        tracks: ["BOOM", "LAV 1"],
      }),
    );
    expect(ixml).toEqual({
      slate: { scene: "12A", take: "3", tape: "DAY02", note: "wind & rain", circled: true },
      speed: {
        rate: { num: 24000, den: 1001 },
        dropFrame: false,
        samples: String(2 ** 32 + 2),
        sampleRate: 48_000,
      },
      tracks: [
        { channel: 1, name: "BOOM" },
        { channel: 2, name: "LAV 1" },
      ],
    });
  });

  it("keeps takes as written and reads drop frame", () => {
    const ixml = parseIxml(ixmlDocument({ take: "007", rate: "30000/1001", flag: "DF" }));
    expect(ixml.slate).toEqual({ scene: null, take: "007", tape: null, note: null, circled: false });
    expect(ixml.speed).toMatchObject({ rate: { num: 30000, den: 1001 }, dropFrame: true, samples: null });
  });

  it("has no slate when none was logged, and ignores a rate that is not one", () => {
    const ixml = parseIxml(ixmlDocument({ rate: "10000/1" }));
    expect(ixml.slate).toBeNull();
    expect(ixml.speed.rate).toBeNull();
    expect(ixml.tracks).toEqual([]);
  });

  it("refuses text that is not XML, or XML that is not iXML", () => {
    expect(() => parseIxml("this is <<< not XML")).toThrow("the iXML chunk is not XML");
    expect(() => parseIxml("<other/>")).toThrow("no BWFXML document");
  });
});

describe("Sony NonRealTimeMeta sidecar", () => {
  const sidecar = (value: string, table = 'tcFps="25" halfStep="false"') =>
    `<?xml version="1.0" encoding="UTF-8"?>
<NonRealTimeMeta xmlns="urn:schemas-professionalDisc:nonRealTimeMeta:ver.2.20">
<LtcChangeTable ${table}>
<LtcChange frameCount="0" value="${value}" status="increment"/>
<LtcChange frameCount="249" value="00000000" status="end"/>
</LtcChangeTable></NonRealTimeMeta>`;

  it.each([
    ["48544103", "03:41:54;08"],
    ["16162602", "02:26:16:16"],
    ["17305719", "19:57:30:17"],
    ["40000000", "00:00:00;00"],
    ["00000010", "10:00:00:00"],
    ["67212901", "01:29:21;27"],
  ])("decodes packed LTC %s as %s", (value, label) => {
    expect(packedLtcTimecode(value)).toBe(label);
    expect(sonyStartTimecode(sidecar(value))).toBe(label);
  });

  it("reads the label older cameras write, with the table's drop-frame flag", () => {
    expect(sonyStartTimecode(sidecar("01:00:00:00", 'tcFps="30" tcDropFrame="true"'))).toBe("01:00:00;00");
    expect(sonyStartTimecode(sidecar("01:00:00:00", 'tcFps="25" tcDropFrame="false"'))).toBe("01:00:00:00");
  });

  it("refuses a value that is not BCD, and text that is not XML", () => {
    expect(packedLtcTimecode("0000000A")).toBeNull();
    expect(packedLtcTimecode("1234")).toBeNull();
    expect(() => sonyStartTimecode(sidecar("-1:00:00:00"))).toThrow(/not a timecode/);
    expect(() => sonyStartTimecode("<NonRealTimeMeta>")).toThrow("not XML");
  });

  it("has no start without a LtcChangeTable", () => {
    expect(sonyStartTimecode("<NonRealTimeMeta><Duration value='3'/></NonRealTimeMeta>")).toBeNull();
  });
});

describe("RIFF chunk walk", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-riff-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const chunk = (id: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, 4, "latin1");
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
  };
  const wave = async (name: string, form: string, chunks: Buffer[]) => {
    const body = Buffer.concat([Buffer.from("WAVE", "latin1"), ...chunks]);
    const header = Buffer.alloc(8);
    header.write(form, 0, 4, "latin1");
    header.writeUInt32LE(form === "RIFF" ? body.length : 0xffff_ffff, 4);
    const file = join(dir, name);
    await writeFile(file, Buffer.concat([header, body]));
    return file;
  };

  it("finds the iXML chunk past odd-sized chunks, trimming the recorder's padding", async () => {
    const file = await wave("a.wav", "RIFF", [
      chunk("fmt ", Buffer.alloc(16)),
      chunk("data", Buffer.alloc(7)),
      chunk("iXML", Buffer.from("<BWFXML/>\0\0  ")),
    ]);
    expect(await readIxmlChunk(file)).toEqual({ xml: "<BWFXML/>" });
  });

  it("follows RF64's data size from ds64", async () => {
    const ds64 = Buffer.alloc(28);
    ds64.writeBigUInt64LE(10n, 8);
    const data = Buffer.alloc(8);
    data.write("data", 0, 4, "latin1");
    data.writeUInt32LE(0xffff_ffff, 4);
    const file = await wave("b.wav", "RF64", [
      chunk("ds64", ds64),
      Buffer.concat([data, Buffer.alloc(10)]),
      chunk("iXML", Buffer.from("<BWFXML/>")),
    ]);
    expect(await readIxmlChunk(file)).toEqual({ xml: "<BWFXML/>" });
  });

  it("leaves a chunk over the cap unread, and says so", async () => {
    const header = Buffer.alloc(8);
    header.write("iXML", 0, 4, "latin1");
    header.writeUInt32LE(MAX_IXML_BYTES + 1, 4);
    const file = await wave("c.wav", "RIFF", [header]);
    expect(await readIxmlChunk(file)).toEqual({
      problem: `the iXML chunk is ${MAX_IXML_BYTES + 1} bytes, more than the ${MAX_IXML_BYTES} read`,
    });
  });

  it("has nothing for a file without iXML, or one that is not a WAVE file", async () => {
    expect(await readIxmlChunk(await wave("d.wav", "RIFF", [chunk("fmt ", Buffer.alloc(16))]))).toBeNull();
    const other = join(dir, "e.wav");
    await writeFile(other, "not a wave file at all");
    expect(await readIxmlChunk(other)).toBeNull();
  });
});
