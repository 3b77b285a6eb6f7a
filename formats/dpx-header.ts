import type { FrameHeader } from "./frame-header.js";

/*
 * SMPTE 268M (DPX) header fields svc reads: the image data offset tells whether the industry
 * headers are there at all; the film header's frame rate (byte 1724), the television header's
 * timecode (1920) and frame rate (1940). The magic number says the byte order. An unset field is
 * all ones (a NaN as a float); a rate of 0 is unset too. ffmpeg's DPX decoder reads the same
 * fields, and lets the television rate win over the film rate, as here.
 */
export const DPX_HEADER_BYTES = 2048;
const FILM_RATE = 1724;
const TV_TIMECODE = 1920;
const TV_RATE = 1940;
const UNSET = 0xffffffff;

/** The rate and timecode in a DPX header, or null when `bytes` do not start one. */
export function readDpxHeader(bytes: Uint8Array): FrameHeader | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, false);
  const little = magic === 0x58504453;
  if (magic !== 0x53445058 && !little) return null;
  // The industry headers end where the picture begins; a field past either is not there.
  const end = Math.min(view.getUint32(4, little), bytes.length);
  const u32 = (at: number) => (at + 4 <= end ? view.getUint32(at, little) : UNSET);
  const rate = (at: number) => {
    const raw = u32(at);
    if (raw === UNSET) return null;
    const fps = view.getFloat32(at, little);
    return Number.isFinite(fps) && fps !== 0 ? fps : null;
  };
  const timecode = u32(TV_TIMECODE);
  return { fps: rate(TV_RATE) ?? rate(FILM_RATE), timecode: timecode === UNSET ? null : timecode };
}
