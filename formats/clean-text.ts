// XML 1.0 cannot carry C0 controls other than tab, line feed and carriage return, lone
// surrogates, U+FFFE or U+FFFF at all; DEL and the C1 controls are legal but every NLE shows them
// as garbage. Names come from file systems and transcripts, so any of these can turn up. With the
// u flag a lone surrogate is a code point of its own, outside every kept range.
const DROPPED = /[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text with the characters XML cannot carry, and the control characters NLEs cannot show, removed. */
export const cleanText = (text: string): string => text.replace(DROPPED, "");

/**
 * Clean text on one line, for names and attribute values: each run of tabs and line breaks
 * becomes one space, as an XML parser would read them in an attribute anyway.
 */
export const oneLine = (text: string): string => cleanText(text).replace(/[\t\n\r]+/g, " ");
