import { type FileHandle, open } from "node:fs/promises";

/**
 * The largest iXML chunk read. Recorders write a few kilobytes; a chunk past this is not a
 * recorder's and is left unread (a probe problem), so a damaged or hostile file cannot make the
 * probe hold megabytes of XML.
 */
export const MAX_IXML_BYTES = 1024 * 1024;
/** Chunks walked before giving up: a real WAV has a handful. */
const MAX_CHUNKS = 1000;
const RF64_SIZE = 0xffff_ffff;

export type IxmlChunk = { xml: string } | { problem: string } | null;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * The `iXML` chunk of a RIFF/WAVE (or RF64/BW64) file, reading only chunk headers and that chunk:
 * its text, a problem when it is larger than MAX_IXML_BYTES, or null when the file has none or
 * is not a WAVE file.
 */
export async function readIxmlChunk(file: string): Promise<IxmlChunk> {
  const handle = await open(file, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const header = await readAt(handle, 0, 12);
    const form = header.toString("latin1", 0, 4);
    if (header.length < 12 || !["RIFF", "RF64", "BW64"].includes(form)) return null;
    if (header.toString("latin1", 8, 12) !== "WAVE") return null;
    // RF64 keeps the sizes that do not fit 32 bits (the data chunk's) in its ds64 chunk.
    let dataSize64: number | null = null;
    let position = 12;
    for (let n = 0; n < MAX_CHUNKS && position + 8 <= fileSize; n += 1) {
      const chunk = await readAt(handle, position, 8);
      if (chunk.length < 8) return null;
      const id = chunk.toString("latin1", 0, 4);
      let size = chunk.readUInt32LE(4);
      if (id === "ds64") {
        const ds64 = await readAt(handle, position + 8, 16);
        if (ds64.length === 16) dataSize64 = Number(ds64.readBigUInt64LE(8));
      }
      if (id === "data" && size === RF64_SIZE && dataSize64 !== null) size = dataSize64;
      if (id === "iXML") {
        if (size > MAX_IXML_BYTES)
          return { problem: `the iXML chunk is ${size} bytes, more than the ${MAX_IXML_BYTES} read` };
        const body = await readAt(handle, position + 8, size);
        // Recorders pad the chunk with NULs or spaces to leave room for later edits.
        return { xml: body.toString("utf8").replace(/[\0\s]+$/u, "") };
      }
      // Chunks are word-aligned: an odd size is followed by a pad byte.
      position += 8 + size + (size % 2);
    }
    return null;
  } finally {
    await handle.close();
  }
}
