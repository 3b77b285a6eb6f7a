import { stripBidi } from "../../formats/bidi.js";

// Names Windows refuses whatever the extension (CON.srt is still CON).
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
// Characters Windows or macOS cannot have in a file name, plus control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ILLEGAL = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const MAX_STEM = 120;

/**
 * A file stem that every desktop OS accepts and shows as it is: bidirectional controls go,
 * illegal characters become `_`, leading dots go (a hidden file on macOS and Linux), trailing
 * dots and spaces go (Windows drops them silently), reserved device names get a `_` suffix, and
 * the length is capped. Never empty.
 */
export function safeStem(name: string): string {
  let stem = stripBidi(name.normalize("NFC"))
    .replace(ILLEGAL, "_")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, MAX_STEM)
    .replace(/[. ]+$/, "");
  if (stem === "") stem = "untitled";
  if (RESERVED.test(stem.split(".")[0] ?? "")) stem = `${stem}_`;
  return stem;
}

/** The stem of a media file name (`A001.mov` → `A001`), made safe. */
export const stemOf = (fileName: string): string => safeStem(fileName.replace(/\.[^./\\]*$/, "") || fileName);

/**
 * Gives each name a stem no earlier name has, case-insensitively (one folder on macOS or
 * Windows): `A001`, `A001-2`, `A001-3`…
 */
export function uniqueStems(stems: readonly string[]): string[] {
  const taken = new Set<string>();
  return stems.map((stem) => {
    let candidate = stem;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem}-${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * `Content-Disposition` for a download: an ASCII fallback name plus the exact UTF-8 one (RFC 6266),
 * without bidirectional controls whatever name it is given.
 */
export function attachment(name: string): string {
  const fileName = stripBidi(name);
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\%]/g, "_");
  const exact = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
