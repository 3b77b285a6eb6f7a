import { describe, expect, it } from "vitest";
import { guardCell, type SelectRow, writeSelectsLog } from "../../formats/selects-log.js";

const row = (over: Partial<SelectRow>): SelectRow => ({
  itemId: 7,
  file: "A001.mov",
  subclip: "",
  inS: 2,
  outS: 8.04,
  inTc: "10:00:02:00",
  outTc: "10:00:08:01",
  scene: "12A",
  take: "3",
  circled: true,
  camera: "A",
  rating: "good",
  note: "",
  markers: [],
  ...over,
});

describe("selects log", () => {
  it("guards cells a spreadsheet would run as formulas, and drops control characters", () => {
    expect(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"].map(guardCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(guardCell("a\u0000b\u0007c\nd")).toBe("abc\nd");
    expect(guardCell("plain = text")).toBe("plain = text");
  });

  it("writes RFC 4180 CSV: CRLF rows, fields with commas, quotes and line breaks quoted", () => {
    const csv = writeSelectsLog(
      [row({ file: 'Tom, "Jerry".mov', note: "line one\nline two", markers: ["a: b", "c"] })],
      "csv",
    );
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "item_id,file,subclip,in_s,out_s,duration_s,in_tc,out_tc,scene,take,circled,camera,rating,note,marker_count,markers",
    );
    expect(lines[1]).toBe(
      `7,"Tom, ""Jerry"".mov",,2,8.04,6.04,10:00:02:00,10:00:08:01,12A,3,1,A,good,"line one\nline two",2,a: b; c`,
    );
    expect(lines[2]).toBe("");
  });

  it("writes TSV with tabs and line breaks inside fields as spaces", () => {
    const tsv = writeSelectsLog([row({ subclip: "a\tb", note: "=x\r\ny" })], "tsv").split("\n");
    expect(tsv).toHaveLength(3);
    const cells = tsv[1]?.split("\t") ?? [];
    expect(cells).toHaveLength(16);
    expect([cells[2], cells[13]]).toEqual(["a b", "'=x y"]);
  });
});
