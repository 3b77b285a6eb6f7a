/**
 * Adobe/IRIDAS `.cube` 3D LUTs (Cube LUT Specification 1.0): writing, and reading with every
 * problem named, since an imported file comes from anywhere.
 */

export const CUBE_MIN_SIZE = 2;
export const CUBE_MAX_SIZE = 256;

export interface CubeLut {
  title: string | null;
  size: number;
  domainMin: [number, number, number];
  domainMax: [number, number, number];
  /** Output triples, red changing fastest: entry (r, g, b) at 3·(r + N·g + N²·b). */
  table: Float64Array;
}

/** A file that is not a usable 3D `.cube`; the message names the problem (and line, where there is one). */
export class CubeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CubeError";
  }
}

const DEFAULT_MIN: [number, number, number] = [0, 0, 0];
const DEFAULT_MAX: [number, number, number] = [1, 1, 1];
// Plain decimal notation only: Number() would also take "0x1f", "Infinity" and "".
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const DECIMALS = 6;
const KEYWORDS = new Set([
  "TITLE",
  "LUT_3D_SIZE",
  "LUT_1D_SIZE",
  "DOMAIN_MIN",
  "DOMAIN_MAX",
  "LUT_3D_INPUT_RANGE",
]);

const fixed = (v: number) => {
  const text = v.toFixed(DECIMALS);
  return text === `-${(0).toFixed(DECIMALS)}` ? text.slice(1) : text;
};

/** `.cube` text: TITLE, LUT_3D_SIZE, the domain when it is not 0..1, then N³ rows of six decimals. */
export function writeCube(lut: Pick<CubeLut, "size" | "table"> & Partial<CubeLut>): string {
  const { size, table } = lut;
  if (!Number.isInteger(size) || size < CUBE_MIN_SIZE || size > CUBE_MAX_SIZE)
    throw new CubeError(`LUT_3D_SIZE must be ${CUBE_MIN_SIZE}..${CUBE_MAX_SIZE}, got ${size}`);
  if (table.length !== size ** 3 * 3)
    throw new CubeError(`a size-${size} table holds ${size ** 3 * 3} values, got ${table.length}`);
  const lines: string[] = [];
  if (lut.title) lines.push(`TITLE "${lut.title.replace(/["\r\n]/g, "")}"`);
  lines.push(`LUT_3D_SIZE ${size}`);
  const min = lut.domainMin ?? DEFAULT_MIN;
  const max = lut.domainMax ?? DEFAULT_MAX;
  if (min.some((v, i) => v !== DEFAULT_MIN[i]) || max.some((v, i) => v !== DEFAULT_MAX[i])) {
    lines.push(`DOMAIN_MIN ${min.map(fixed).join(" ")}`, `DOMAIN_MAX ${max.map(fixed).join(" ")}`);
  }
  for (let at = 0; at < table.length; at += 3) {
    lines.push(
      `${fixed(table[at] as number)} ${fixed(table[at + 1] as number)} ${fixed(table[at + 2] as number)}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function numbers(words: readonly string[], count: number, what: string, line: number): number[] {
  if (words.length !== count)
    throw new CubeError(`line ${line}: ${what} needs ${count} numbers, got ${words.length}`);
  return words.map((word) => {
    const value = NUMBER.test(word) ? Number(word) : Number.NaN;
    if (!Number.isFinite(value))
      throw new CubeError(`line ${line}: ${what}: "${word}" is not a finite number`);
    return value;
  });
}

function sizeOf(words: readonly string[], keyword: string, line: number, max: number): number {
  const word = words[0] ?? "";
  if (words.length !== 1 || !/^\d+$/.test(word))
    throw new CubeError(`line ${line}: ${keyword} needs one whole number, got "${words.join(" ")}"`);
  const size = Number(word);
  if (size < CUBE_MIN_SIZE || size > max)
    throw new CubeError(`line ${line}: ${keyword} ${size} is outside ${CUBE_MIN_SIZE}..${max}`);
  return size;
}

interface Header {
  title: string | null;
  size3d: number | null;
  size1d: number | null;
  domainMin: [number, number, number];
  domainMax: [number, number, number];
}

/** Applies one keyword line to the header; false when the line is not a keyword. */
function headerLine(header: Header, keyword: string, rest: string[], raw: string, line: number): boolean {
  switch (keyword) {
    case "TITLE": {
      const title = /^TITLE\s+"(.*)"\s*$/.exec(raw);
      if (!title) throw new CubeError(`line ${line}: TITLE needs a quoted text`);
      header.title = title[1] ?? "";
      return true;
    }
    case "LUT_3D_SIZE":
      header.size3d = sizeOf(rest, keyword, line, CUBE_MAX_SIZE);
      return true;
    case "LUT_1D_SIZE":
      header.size1d = sizeOf(rest, keyword, line, 65536);
      return true;
    case "DOMAIN_MIN":
      header.domainMin = numbers(rest, 3, keyword, line) as [number, number, number];
      return true;
    case "DOMAIN_MAX":
      header.domainMax = numbers(rest, 3, keyword, line) as [number, number, number];
      return true;
    case "LUT_3D_INPUT_RANGE": {
      const [min, max] = numbers(rest, 2, keyword, line) as [number, number];
      header.domainMin = [min, min, min];
      header.domainMax = [max, max, max];
      return true;
    }
    default:
      return false;
  }
}

function checkHeader(header: Header): number {
  if (header.size1d !== null && header.size3d === null)
    throw new CubeError("a 1D LUT (LUT_1D_SIZE without LUT_3D_SIZE): only 3D LUTs are supported");
  if (header.size1d !== null)
    throw new CubeError("LUT_1D_SIZE and LUT_3D_SIZE together: only a plain 3D LUT is supported");
  if (header.size3d === null) throw new CubeError("LUT_3D_SIZE is missing");
  for (let i = 0; i < 3; i++) {
    if (!((header.domainMin[i] as number) < (header.domainMax[i] as number)))
      throw new CubeError(
        `the domain is empty or inverted: DOMAIN_MIN ${header.domainMin.join(" ")} must be below DOMAIN_MAX ${header.domainMax.join(" ")}`,
      );
  }
  return header.size3d;
}

/**
 * Reads a 3D `.cube`. A UTF-8 BOM, Windows or old Mac line ends, `#` comments and blank lines are
 * fine; anything else that is not the format throws a CubeError naming it.
 */
export function parseCube(text: string): CubeLut {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\r|\n/);
  const header: Header = {
    title: null,
    size3d: null,
    size1d: null,
    domainMin: [...DEFAULT_MIN],
    domainMax: [...DEFAULT_MAX],
  };
  let table: Float64Array | null = null;
  let rows = 0;
  let expected = 0;
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const [first = "", ...rest] = trimmed.split(/\s+/);
    if (/^[A-Za-z_]/.test(first)) {
      if (table === null) {
        if (!headerLine(header, first, rest, trimmed, line))
          throw new CubeError(`line ${line}: unknown keyword or not a number: "${first}"`);
        continue;
      }
      // Past the header a word is a bad row ("NaN 0 0"), unless it is a keyword out of place.
      if (KEYWORDS.has(first)) throw new CubeError(`line ${line}: keyword ${first} after the table data`);
    }
    if (table === null) {
      const size = checkHeader(header);
      expected = size ** 3;
      table = new Float64Array(expected * 3);
    }
    if (rows >= expected)
      throw new CubeError(`line ${line}: more than the ${expected} rows LUT_3D_SIZE ${header.size3d} allows`);
    const values = numbers([first, ...rest], 3, "a table row", line);
    table.set(values, rows * 3);
    rows++;
  }
  if (table === null) {
    checkHeader(header);
    throw new CubeError("the table is empty: no rows of numbers");
  }
  if (rows !== expected)
    throw new CubeError(`LUT_3D_SIZE ${header.size3d} needs ${expected} rows, found ${rows}`);
  return {
    title: header.title,
    size: header.size3d as number,
    domainMin: header.domainMin,
    domainMax: header.domainMax,
    table,
  };
}
