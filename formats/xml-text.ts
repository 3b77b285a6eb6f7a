// Characters XML 1.0 cannot carry at all, even escaped: C0 controls but tab, newline and return,
// lone surrogates, U+FFFE and U+FFFF.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as an XML document can hold it; the XML builder escapes `<`, `&` and quotes itself. */
export const xmlText = (text: string): string => text.replace(NOT_XML, "");
