import { describe, expect, it } from "vitest";
import {
  frameFileName,
  frameNameOf,
  groupFrames,
  MISSING_LISTED,
  sequencePatternOf,
} from "../../domain/frame-sequences.js";

const files = (...paths: string[]) => paths.map((relPath) => ({ relPath }));
const grouped = (...paths: string[]) => {
  const { sequences, singles } = groupFrames(files(...paths));
  return {
    sequences: sequences.map((s) => ({ pattern: s.pattern, first: s.first, last: s.last, count: s.count })),
    singles: singles.map((s) => s.relPath).sort(),
  };
};

describe("image sequence names", () => {
  it("reads the dot form for every sequence type and the underscore form for DPX and EXR only", () => {
    expect(frameNameOf("plates/shot020_comp_v003.1001.dpx")).toMatchObject({
      dir: "plates/",
      prefix: "shot020_comp_v003.",
      digits: "1001",
      number: 1001,
      ext: "dpx",
    });
    for (const ext of ["exr", "tif", "tiff", "png", "jpg", "jpeg", "JPG", "DPX"])
      expect(frameNameOf(`a.0001.${ext}`), ext).not.toBeNull();
    expect(frameNameOf("plate_0001.dpx")?.prefix).toBe("plate_");
    expect(frameNameOf("plate_0001.EXR")?.prefix).toBe("plate_");
  });

  it("leaves camera stills and short frame fields alone", () => {
    for (const name of [
      "IMG_0001.JPG",
      "DSC_0001.JPG",
      "DSC01234.JPG",
      "render_0001.png",
      "a.01.dpx",
      "a.0001.mov",
      ".0001.dpx",
    ])
      expect(frameNameOf(name), name).toBeNull();
  });

  it("groups two or more frames of one name, folder, extension and padding", () => {
    expect(
      grouped("s/a.0001.dpx", "s/a.0002.dpx", "s/a.0003.dpx", "s/lone.0001.dpx", "t/a.0004.dpx"),
    ).toEqual({
      sequences: [{ pattern: "s/a.####.dpx", first: 1, last: 3, count: 3 }],
      singles: ["s/lone.0001.dpx", "t/a.0004.dpx"],
    });
  });

  it("keeps interleaved sequences and stills apart", () => {
    const { sequences, singles } = grouped(
      "a.0001.exr",
      "b.0001.exr",
      "a.0002.exr",
      "b.0002.exr",
      "a_0003.exr",
      "IMG_0001.JPG",
      "IMG_0002.JPG",
    );
    expect(sequences.map((s) => s.pattern).sort()).toEqual(["a.####.exr", "b.####.exr"]);
    expect(singles).toEqual(["IMG_0001.JPG", "IMG_0002.JPG", "a_0003.exr"]);
  });

  it("takes the padding from the field's width, a number past it joining the narrowest", () => {
    expect(grouped("a.0999.dpx", "a.1000.dpx").sequences).toEqual([
      { pattern: "a.####.dpx", first: 999, last: 1000, count: 2 },
    ]);
    expect(grouped("a.999.dpx", "a.1000.dpx", "a.1001.dpx").sequences).toEqual([
      { pattern: "a.###.dpx", first: 999, last: 1001, count: 3 },
    ]);
    expect(grouped("a.9999.dpx", "a.10000.dpx").sequences).toEqual([
      { pattern: "a.####.dpx", first: 9999, last: 10000, count: 2 },
    ]);
    // A wider field with a leading zero is another padding, so another sequence.
    expect(
      grouped("a.0001.dpx", "a.0002.dpx", "a.00001.dpx", "a.00002.dpx")
        .sequences.map((s) => s.pattern)
        .sort(),
    ).toEqual(["a.#####.dpx", "a.####.dpx"]);
  });

  it("lists the absent frame numbers, the first hundred, and counts them all", () => {
    const paths = ["a.0001.dpx", "a.0003.dpx", "a.0500.dpx"];
    const [sequence] = groupFrames(files(...paths)).sequences;
    expect(sequence?.missing).toHaveLength(MISSING_LISTED);
    expect(sequence?.missing.slice(0, 3)).toEqual([2, 4, 5]);
    expect(sequence?.missingCount).toBe(497);
  });

  it("keeps a group whole apart when one of its frames must stay apart", () => {
    const { sequences, singles } = groupFrames(files("r.0001.png", "r.0002.png"), (p) => p === "r.0002.png");
    expect(sequences).toEqual([]);
    expect(singles).toHaveLength(2);
  });

  it("reads a sequence's path back into its parts", () => {
    const pattern = sequencePatternOf("plates/shot_v3.####.dpx");
    expect(pattern).toEqual({ dir: "plates/", prefix: "shot_v3.", padding: 4, suffix: ".dpx" });
    expect(pattern && frameFileName(pattern, 1001)).toBe("shot_v3.1001.dpx");
    expect(pattern && frameFileName(pattern, 10001)).toBe("shot_v3.10001.dpx");
    expect(sequencePatternOf("plates/shot.1001.dpx")).toBeNull();
  });
});
