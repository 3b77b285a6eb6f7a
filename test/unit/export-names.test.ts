import { describe, expect, it } from "vitest";
import { attachment, safeStem, stemOf, uniqueStems } from "../../library/export/names.js";

describe("export file names", () => {
  it.each([
    ["A001", "A001"],
    ['a<b>c:d"e/f\\g|h?i*j', "a_b_c_d_e_f_g_h_i_j"],
    ["trailing dots...", "trailing dots"],
    ["  spaced  ", "spaced"],
    ["CON", "CON_"],
    ["con.backup", "con.backup_"],
    ["LPT1", "LPT1_"],
    ["CONSOLE", "CONSOLE"],
    ["", "untitled"],
    ["...", "untitled"],
    ["tab\there", "tab_here"],
    ["x".repeat(300), "x".repeat(120)],
    // Bidirectional controls: "Invoice\u202efdp.exe" would show as "Invoiceexe.pdf".
    ["Invoice\u202efdp", "Invoicefdp"],
    ["\u202a\u202b\u202c\u202d\u202ea\u2066\u2067\u2068\u2069b\u200e\u200f\u061cc", "abc"],
    ["\u202e", "untitled"],
  ])("%j becomes %j", (name, stem) => {
    expect(safeStem(name)).toBe(stem);
  });

  it("takes the stem of a file name", () => {
    expect(stemOf("A001.mov")).toBe("A001");
    expect(stemOf("take.2.mxf")).toBe("take.2");
    expect(stemOf(".hidden")).toBe("hidden");
    expect(stemOf("NUL.wav")).toBe("NUL_");
  });

  it("de-collides stems case-insensitively with numeric suffixes", () => {
    expect(uniqueStems(["A001", "a001", "A001", "B", "A001-2"])).toEqual([
      "A001",
      "a001-2",
      "A001-3",
      "B",
      "A001-2-2",
    ]);
  });

  it("keeps bidirectional controls out of Content-Disposition", () => {
    expect(attachment("Invoice\u202efdp\u2066.exe")).toBe(
      `attachment; filename="Invoicefdp.exe"; filename*=UTF-8''Invoicefdp.exe`,
    );
    expect(attachment("Cut\u200f\u061c 1.edl")).toBe(
      `attachment; filename="Cut 1.edl"; filename*=UTF-8''Cut%201.edl`,
    );
  });

  it("writes Content-Disposition with an ASCII fallback and the exact UTF-8 name", () => {
    expect(attachment("Cut (final) – café.edl")).toBe(
      `attachment; filename="Cut (final) _ cafe.edl"; filename*=UTF-8''Cut%20%28final%29%20%E2%80%93%20caf%C3%A9.edl`,
    );
  });
});
