import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CubeError, parseCube, writeCube } from "../../formats/cube.js";
import { logProfile, lutTable } from "../../formats/log-curves.js";

/** An identity LUT of size n as .cube rows. */
function identityRows(n: number, count = n ** 3): string[] {
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = i % n;
    const g = Math.floor(i / n) % n;
    const b = Math.floor(i / (n * n));
    rows.push([r, g, b].map((v) => (v / (n - 1)).toFixed(6)).join(" "));
  }
  return rows;
}

const problem = (text: string) => {
  try {
    parseCube(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CubeError);
    return (error as Error).message;
  }
  throw new Error("the file was accepted");
};

describe("writing a .cube", () => {
  it("writes TITLE, LUT_3D_SIZE and N³ rows of six decimals, red fastest", () => {
    const text = writeCube({ title: "S-Log3", size: 33, table: lutTable(logProfile("slog3")) });
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe('TITLE "S-Log3"');
    expect(lines[1]).toBe("LUT_3D_SIZE 33");
    expect(lines).toHaveLength(2 + 33 ** 3);
    for (const row of lines.slice(2, 50)) expect(row).toMatch(/^\d\.\d{6} \d\.\d{6} \d\.\d{6}$/);
    // Row 32 is full red and row 32·33 full green: red changes fastest.
    const [r, g] = (lines[2 + 32] as string).split(" ").map(Number) as [number, number];
    expect(r).toBeGreaterThan(g);
    const [r2, g2] = (lines[2 + 32 * 33] as string).split(" ").map(Number) as [number, number];
    expect(g2).toBeGreaterThan(r2);
  });

  it("round-trips through the reader within the written precision", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.double({ min: -4, max: 4, noNaN: true }), { minLength: 216 * 3, maxLength: 216 * 3 }),
        fc.option(fc.string({ maxLength: 20 }).map((s) => s.replace(/[^ -~]/g, ""))),
        (size, values, title) => {
          const table = Float64Array.from(values.slice(0, size ** 3 * 3));
          const back = parseCube(writeCube({ title, size, table }));
          expect(back.size).toBe(size);
          expect(back.title).toBe(title ? title.replace(/"/g, "") : null);
          for (const [i, v] of back.table.entries()) {
            expect(Math.abs(v - (table[i] as number))).toBeLessThanOrEqual(5e-7);
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it("keeps a domain other than 0..1", () => {
    const lut = parseCube(
      writeCube({ size: 2, table: new Float64Array(24), domainMin: [-0.5, 0, 0], domainMax: [2, 1, 1] }),
    );
    expect(lut.domainMin).toEqual([-0.5, 0, 0]);
    expect(lut.domainMax).toEqual([2, 1, 1]);
  });
});

describe("reading a .cube", () => {
  it("takes a BOM, Windows line ends, comments, blank lines and the optional keywords", () => {
    const text = `\uFEFF# made by hand\r\nTITLE "Hand made"\r\n\r\nLUT_3D_SIZE 2\r\nDOMAIN_MIN 0 0 0\r\nDOMAIN_MAX 1 1 1\r\n# the table\r\n${identityRows(2).join("\r\n")}\r\n\r\n`;
    const lut = parseCube(text);
    expect(lut.title).toBe("Hand made");
    expect(lut.size).toBe(2);
    expect(Array.from(lut.table.slice(3, 6))).toEqual([1, 0, 0]);
  });

  it("reads LUT_3D_INPUT_RANGE as the domain", () => {
    const lut = parseCube(`LUT_3D_SIZE 2\nLUT_3D_INPUT_RANGE 0 4\n${identityRows(2).join("\n")}\n`);
    expect(lut.domainMax).toEqual([4, 4, 4]);
  });

  it("refuses 34³ − 1 rows for size 34, naming the counts", () => {
    expect(problem(`LUT_3D_SIZE 34\n${identityRows(34, 34 ** 3 - 1).join("\n")}\n`)).toBe(
      "LUT_3D_SIZE 34 needs 39304 rows, found 39303",
    );
  });

  it("refuses a row too many, naming the line", () => {
    expect(problem(`LUT_3D_SIZE 2\n${identityRows(2, 9).join("\n")}\n`)).toBe(
      "line 10: more than the 8 rows LUT_3D_SIZE 2 allows",
    );
  });

  it.each([["NaN"], ["nan"], ["inf"], ["Infinity"], ["-inf"], ["1e999"], ["0x10"], ["abc"], ["1,5"]])(
    "refuses %s in a row, naming the line and the word",
    (word) => {
      const rows = identityRows(2);
      rows[4] = `0 ${word} 0`;
      expect(problem(`LUT_3D_SIZE 2\n${rows.join("\n")}\n`)).toBe(
        `line 6: a table row: "${word}" is not a finite number`,
      );
      rows[4] = `${word} 0 0`;
      expect(problem(`LUT_3D_SIZE 2\n${rows.join("\n")}\n`)).toBe(
        `line 6: a table row: "${word}" is not a finite number`,
      );
    },
  );

  it("refuses a row with two or four numbers", () => {
    const rows = identityRows(2);
    rows[0] = "0 0";
    expect(problem(`LUT_3D_SIZE 2\n${rows.join("\n")}`)).toBe("line 2: a table row needs 3 numbers, got 2");
    rows[0] = "0 0 0 0";
    expect(problem(`LUT_3D_SIZE 2\n${rows.join("\n")}`)).toBe("line 2: a table row needs 3 numbers, got 4");
  });

  it("refuses a 1D-only LUT", () => {
    expect(problem("LUT_1D_SIZE 2\n0 0 0\n1 1 1\n")).toMatch(/1D LUT .*only 3D LUTs are supported/);
  });

  it.each([["1"], ["257"], ["0"], ["-3"], ["33.5"], ["big"]])("refuses LUT_3D_SIZE %s", (size) => {
    expect(problem(`LUT_3D_SIZE ${size}\n0 0 0\n`)).toMatch(/^line 1: LUT_3D_SIZE /);
  });

  it("refuses a file without LUT_3D_SIZE, and an empty one", () => {
    expect(problem(identityRows(2).join("\n"))).toBe("LUT_3D_SIZE is missing");
    expect(problem("")).toBe("LUT_3D_SIZE is missing");
    expect(problem("LUT_3D_SIZE 2\n# nothing else\n")).toBe("the table is empty: no rows of numbers");
  });

  it("refuses letters where a keyword or a number should be, and a keyword after the table", () => {
    expect(problem("LUT_3D_SIZE 2\nhello world\n")).toBe('line 2: unknown keyword or not a number: "hello"');
    expect(problem(`LUT_3D_SIZE 2\n${identityRows(2).join("\n")}\nTITLE "late"\n`)).toBe(
      "line 10: keyword TITLE after the table data",
    );
  });

  it("refuses an inverted domain and a malformed one", () => {
    expect(
      problem(`LUT_3D_SIZE 2\nDOMAIN_MIN 1 0 0\nDOMAIN_MAX 0 1 1\n${identityRows(2).join("\n")}`),
    ).toMatch(/domain is empty or inverted/);
    expect(problem("DOMAIN_MIN 0 0\n")).toBe("line 1: DOMAIN_MIN needs 3 numbers, got 2");
    expect(problem("TITLE unquoted\n")).toBe("line 1: TITLE needs a quoted text");
  });
});
