import type { FrameHeader } from "./frame-header.js";

/*
 * OpenEXR header attributes svc reads: `framesPerSecond` (rational) and `timeCode` (timecode),
 * from the first part's header: after the magic number and version, attributes follow as a name,
 * a type name (both NUL-terminated), a little-endian size and the value, until an empty name.
 * Only the bytes given are read: an attribute past them counts as absent.
 */
export const EXR_HEADER_BYTES = 64 * 1024;
const MAGIC = 0x01312f76;
const MAX_NAME = 256;

/** The rate and timecode in an EXR header, or null when `bytes` do not start one. */
export function readExrHeader(bytes: Uint8Array): FrameHeader | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) return null;
  const header: FrameHeader = { fps: null, timecode: null };
  let at = 8;
  const text = (): string | null => {
    const end = bytes.indexOf(0, at);
    if (end < 0 || end - at > MAX_NAME) return null;
    const value = Buffer.from(bytes.subarray(at, end)).toString("latin1");
    at = end + 1;
    return value;
  };
  for (;;) {
    const name = text();
    if (!name) break;
    const type = text();
    if (type === null || at + 4 > bytes.length) break;
    const size = view.getInt32(at, true);
    at += 4;
    if (size < 0 || at + size > bytes.length) break;
    if (name === "framesPerSecond" && type === "rational" && size === 8) {
      const den = view.getUint32(at + 4, true);
      header.fps = den > 0 ? view.getInt32(at, true) / den : null;
    } else if (name === "timeCode" && type === "timecode" && size === 8) {
      header.timecode = view.getUint32(at, true);
    }
    at += size;
  }
  return header;
}
