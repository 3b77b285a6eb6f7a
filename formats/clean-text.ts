// XML 1.0 cannot carry C0 controls other than tab, line feed and carriage return, lone
// surrogates, U+FFFE or U+FFFF at all; DEL and the C1 controls are legal but every NLE shows them
// as garbage. Names come from file systems and transcripts, so any of these can turn up.
const isKept = (cp: number): boolean =>
  cp === 0x09 ||
  cp === 0x0a ||
  cp === 0x0d ||
  (cp >= 0x20 && cp < 0x7f) ||
  (cp > 0x9f && cp < 0xd800) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  cp >= 0x10000;

/** Text with the characters XML cannot carry, and the control characters NLEs cannot show, removed. */
export function cleanText(text: string): string {
  let out = "";
  // for…of walks code points, so a lone surrogate arrives on its own and is dropped.
  for (const ch of text) if (isKept(ch.codePointAt(0) ?? 0)) out += ch;
  return out;
}

/**
 * Clean text on one line, for names and attribute values: each run of tabs and line breaks
 * becomes one space, as an XML parser would read them in an attribute anyway.
 */
export const oneLine = (text: string): string => cleanText(text).replace(/[\t\n\r]+/g, " ");
