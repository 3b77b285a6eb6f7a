/**
 * An Avid Log Exchange file read back as its published description has it: a `Heading` section of
 * tab-separated name/value pairs (FIELD_DELIM must say TABS), a `Column` section whose one line
 * names the columns, and a `Data` section of rows with a field per column, tabs between; blank lines
 * separate the sections; CRLF or LF line ends. Throws on anything else, so a test fails on a
 * file Media Composer would refuse.
 */
export interface AleFile {
  heading: Record<string, string>;
  columns: string[];
  rows: Record<string, string>[];
  /** The line ends used: every line must use the same. */
  lineEnd: "\r\n" | "\n";
}

const SECTIONS = new Set(["Heading", "Column", "Data"]);

export function readAle(text: string): AleFile {
  const lineEnd = text.includes("\r\n") ? "\r\n" : "\n";
  if (!text.endsWith(lineEnd)) throw new Error("the last line has no line end");
  const lines = text.slice(0, -lineEnd.length).split(lineEnd);
  if (lines.some((line) => /[\r\n]/.test(line))) throw new Error("mixed line ends");
  const heading: Record<string, string> = {};
  let columns: string[] | null = null;
  const rows: Record<string, string>[] = [];
  let section = "";
  for (const line of lines) {
    if (SECTIONS.has(line)) {
      section = line;
      continue;
    }
    if (line === "") continue;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character inside a value is the defect looked for
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(line))
      throw new Error(`control character in ${JSON.stringify(line)}`);
    const fields = line.split("\t");
    if (section === "Heading") {
      if (fields.length !== 2) throw new Error(`heading line is not a name and a value: ${line}`);
      heading[fields[0] as string] = fields[1] as string;
    } else if (section === "Column") {
      if (columns) throw new Error("a second Column line");
      columns = fields;
    } else if (section === "Data") {
      if (!columns) throw new Error("Data before Column");
      if (fields.length !== columns.length)
        throw new Error(`row of ${fields.length} fields under ${columns.length} columns: ${line}`);
      rows.push(Object.fromEntries(columns.map((name, i) => [name, fields[i] as string])));
    } else throw new Error(`line outside a section: ${line}`);
  }
  if (heading.FIELD_DELIM !== "TABS") throw new Error("FIELD_DELIM is not TABS");
  if (!columns) throw new Error("no Column section");
  return { heading, columns, rows, lineEnd };
}
