/** What a Range header asks of a file of `size` bytes (RFC 9110, section 14). */
export type RangeRequest =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * A single byte range, inclusive at both ends. A header that is absent, malformed, in another
 * unit or asks for several ranges is ignored (the whole file is sent, as the RFC allows); a range
 * that starts past the end cannot be satisfied.
 */
export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return { kind: "full" };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: "full" };
  const specs = (match[1] ?? "").split(",").map((s) => s.trim());
  if (specs.length !== 1) return { kind: "full" };
  const parts = SPEC.exec(specs[0] ?? "");
  if (!parts) return { kind: "full" };
  const [, first = "", last = ""] = parts;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "partial", start, end };
}
