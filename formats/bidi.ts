// The embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069 and the marks U+200E,
// U+200F and U+061C.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text without bidirectional-control characters, which make a name show its characters in
 * another order than they have ("Invoice\u202Efdp.exe" shows as "Invoiceexe.pdf", Trojan Source).
 */
export const stripBidi = (text: string): string => text.replace(BIDI_CONTROLS, "");
