import { describe, expect, it } from "vitest";
import { editorProxyArgs } from "../../adapters/ffmpeg/args.js";
import { displayFilters } from "../../adapters/ffmpeg/display.js";
import type { ProbeStream } from "../../adapters/ffprobe.js";
import { displaySize, nearestDesqueeze } from "../../domain/picture.js";
import { decodeInputOf } from "../../pipeline/decode-input.js";
import { desqueezeSuggested, pictureFacts } from "../../pipeline/probe/picture.js";

/** A display matrix as ffprobe prints it: 16.16 fixed point, whole numbers. */
const matrix = (a: number, b: number, c: number, d: number) => {
  const [fa, fb, fc, fd] = [a, b, c, d].map((v) => Math.round(v * 65536));
  return `\n00000000: ${fa} ${fb} 0\n00000001: ${fc} ${fd} 0\n00000002: 0 0 1073741824\n`;
};
const stream = (extra: Partial<ProbeStream>): ProbeStream => ({
  index: 0,
  codec_type: "video",
  width: 1440,
  height: 1080,
  ...extra,
});
const withMatrix = (text: string, rotation = 0) =>
  stream({ side_data_list: [{ side_data_type: "Display Matrix", displaymatrix: text, rotation }] });

describe("display size", () => {
  it("stretches the coded width by pixel aspect and desqueeze, then turns, both sides even", () => {
    expect(displaySize({ width: 161, height: 91, pixelAspect: "1:1", rotation: 0, desqueeze: 1 })).toEqual({
      width: 160,
      height: 90,
    });
    const base = { width: 1440, height: 1080, pixelAspect: "4:3", rotation: 0, desqueeze: 1 };
    expect(displaySize(base)).toEqual({ width: 1920, height: 1080 });
    expect(displaySize({ ...base, rotation: 90 })).toEqual({ width: 1080, height: 1920 });
    expect(displaySize({ ...base, pixelAspect: "1:1", desqueeze: 2 })).toEqual({ width: 2880, height: 1080 });
    expect(displaySize({ ...base, width: 720, height: 480, pixelAspect: "10:11" })).toEqual({
      width: 654,
      height: 480,
    });
  });

  it("matches a recorded factor to the listed desqueeze within 0.02", () => {
    expect(nearestDesqueeze(1.333)).toBe(1.33);
    expect(nearestDesqueeze(1.31)).toBe(1.3);
    expect(nearestDesqueeze(1.4)).toBeNull();
    expect(nearestDesqueeze(Number.NaN)).toBeNull();
  });
});

describe("picture facts from the probe", () => {
  it("reduces the pixel aspect and reads unknown or zero ones as square, noting a zero one", () => {
    expect(pictureFacts(stream({ sample_aspect_ratio: "32:22" }), {}, 1).fields.pixel_aspect).toBe("16:11");
    expect(pictureFacts(stream({}), {}, 1)).toMatchObject({ fields: { pixel_aspect: "1:1" }, problems: [] });
    expect(pictureFacts(stream({ sample_aspect_ratio: "N/A" }), {}, 1).problems).toEqual([]);
    const zero = pictureFacts(stream({}), { "QuickTime:PixelAspectRatio": "0:1" }, 1);
    expect(zero.fields).toMatchObject({ pixel_aspect: "1:1", display_width: 1440 });
    expect(zero.problems).toEqual([expect.stringMatching(/pixel aspect 0:1 is not a ratio/)]);
    expect(pictureFacts(stream({ sample_aspect_ratio: "255:1" }), {}, 1).problems).toHaveLength(1);
  });

  it("reads a display matrix as a clockwise rotation", () => {
    expect(pictureFacts(withMatrix(matrix(0, 1, -1, 0), -90), {}, 1).fields).toMatchObject({
      rotation: 90,
      display_width: 1080,
      display_height: 1440,
    });
    expect(pictureFacts(withMatrix(matrix(0, -1, 1, 0), 90), {}, 1).fields.rotation).toBe(270);
    expect(pictureFacts(withMatrix(matrix(-1, 0, 0, -1), 180), {}, 1).fields.rotation).toBe(180);
    expect(pictureFacts(stream({ tags: { rotate: "90" } }), {}, 1).fields.rotation).toBe(90);
    expect(
      pictureFacts(stream({ side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }] }), {}, 1)
        .fields.rotation,
    ).toBe(90);
  });

  it("shows a flip or a 45° matrix as coded, with a problem noted", () => {
    for (const text of [
      matrix(-1, 0, 0, 1),
      matrix(Math.SQRT1_2, Math.SQRT1_2, -Math.SQRT1_2, Math.SQRT1_2),
    ]) {
      const facts = pictureFacts(withMatrix(text), {}, 1);
      expect(facts.fields.rotation).toBe(0);
      expect(facts.problems).toEqual([expect.stringMatching(/not a rotation/)]);
    }
  });

  it("maps ffprobe's field orders to the field shown first, and the HDR transfers", () => {
    const order = (field_order: string) => pictureFacts(stream({ field_order }), {}, 1).fields.field_order;
    expect(["progressive", "tt", "bt", "bb", "tb", "unknown"].map(order)).toEqual([
      "progressive",
      "tff",
      "tff",
      "bff",
      "bff",
      null,
    ]);
    const hdr = (color_transfer: string) => pictureFacts(stream({ color_transfer }), {}, 1).fields.hdr;
    expect(["smpte2084", "arib-std-b67", "bt709"].map(hdr)).toEqual(["pq", "hlg", null]);
  });

  it("keeps the editor's desqueeze in the display size", () => {
    expect(pictureFacts(stream({ width: 1920, height: 1080 }), {}, 1.33).fields.display_width).toBe(2552);
  });
});

describe("the squeeze a camera recorded", () => {
  it("reads ARRI, Canon, Blackmagic, RED and Sony tags", () => {
    expect(desqueezeSuggested({ "QuickTime:ArriCameraLensSqueeze": 1.3 })).toBe(1.3);
    expect(desqueezeSuggested({ "Canon:LensSqueezeFactor": 1 })).toBe(1.33);
    expect(desqueezeSuggested({ "QuickTime:Blackmagic-designCameraAnamorphic": "2x" })).toBe(2);
    expect(desqueezeSuggested({ "Red:PixelAspectRatio": "1.800" })).toBe(1.8);
    expect(desqueezeSuggested({ "XML:PixelAspectRatio": "2:1" })).toBe(2);
  });

  it("ignores a disabled anamorphic setting, 1, a factor off the list and the file's own pixel aspect", () => {
    expect(
      desqueezeSuggested({
        "QuickTime:Blackmagic-designCameraAnamorphicEnable": 0,
        "QuickTime:Blackmagic-designCameraAnamorphic": "2x",
      }),
    ).toBeNull();
    expect(desqueezeSuggested({ "QuickTime:ArriCameraLensSqueeze": 1 })).toBeNull();
    expect(desqueezeSuggested({ "QuickTime:ArriCameraLensSqueeze": 1.4 })).toBeNull();
    expect(desqueezeSuggested({ "QuickTime:PixelAspectRatio": "2:1" })).toBeNull();
  });
});

describe("display filters", () => {
  it("deinterlaces first, then tone-maps, turns and stretches", () => {
    const chain = displayFilters({
      fieldOrder: "bff",
      hdr: "pq",
      rotation: 90,
      size: { width: 1080, height: 1920 },
    });
    const parts = [
      "bwdif=mode=send_frame:parity=bff",
      "zscale=tin=smpte2084",
      "transpose=clock",
      "scale=1080:1920,setsar=1",
    ];
    const at = parts.map((part) => chain.indexOf(part));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(displayFilters({ fieldOrder: "progressive", hdr: null, rotation: 0, size: null })).toBe("");
  });

  it("reads a measured video without autorotation and stretches it only when it must", () => {
    const row = {
      kind: "video" as const,
      rel_path: "a.mp4",
      camera_proxy: null,
      sequence_json: null,
      fps_rational: "25/1",
      width: 1440,
      height: 1080,
      display_width: 1920,
      display_height: 1080,
      rotation: 0,
      field_order: "progressive",
      hdr: null,
    };
    expect(decodeInputOf(row, "/a.mp4")).toEqual({
      path: "/a.mp4",
      inputOptions: ["-noautorotate"],
      display: "scale=1920:1080,setsar=1",
    });
    expect(
      decodeInputOf({ ...row, rotation: 270, display_width: 1080, display_height: 1440 }, "/a.mp4").display,
    ).toBe("transpose=cclock");
    // Probed before the geometry columns: ffmpeg's own defaults, as before.
    expect(
      decodeInputOf({ ...row, rotation: null, display_width: null, display_height: null }, "/a.mp4"),
    ).toEqual({
      path: "/a.mp4",
      inputOptions: [],
      display: "",
    });
  });
});

describe("editor proxies keep the source's geometry", () => {
  it("reads without autorotation and codes an interlaced source field by field", () => {
    const args = editorProxyArgs("/in/A.mov", "/out.mov", {
      maxHeight: 1080,
      timecode: null,
      timeoutMs: 1,
      fieldOrder: "bff",
    });
    expect(args.indexOf("-noautorotate")).toBeLessThan(args.indexOf("-i"));
    expect(args[args.indexOf("-vf") + 1]).toMatch(/:interl=1$/);
    expect(args.join(" ")).toContain("-flags +ildct+ilme -field_order bb");
    const progressive = editorProxyArgs("/in/A.mov", "/out.mov", {
      maxHeight: 1080,
      timecode: null,
      timeoutMs: 1,
    });
    expect(progressive).not.toContain("-field_order");
  });
});
