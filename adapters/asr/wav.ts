import { open } from "node:fs/promises";

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  durationS: number;
}

const HEADER_BYTES = 4096;

/**
 * Reads a PCM WAV header. The recognisers fail on anything else with a bare exit code (pocketsphinx
 * logs to /dev/null, whisper.cpp exits 0 without output), so the file is checked here first.
 */
export async function readWavInfo(file: string): Promise<WavInfo> {
  let head: Buffer;
  let size: number;
  try {
    const handle = await open(file, "r");
    try {
      size = (await handle.stat()).size;
      head = Buffer.alloc(Math.min(HEADER_BYTES, size));
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new Error(`cannot read audio file ${file}: ${(error as Error).message}`);
  }
  if (
    head.length < 12 ||
    head.toString("ascii", 0, 4) !== "RIFF" ||
    head.toString("ascii", 8, 12) !== "WAVE"
  ) {
    throw new Error(`${file} is not a WAV file`);
  }
  let format: Omit<WavInfo, "durationS"> | null = null;
  for (let at = 12; at + 8 <= head.length; ) {
    const id = head.toString("ascii", at, at + 4);
    const length = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt " && body + 16 <= head.length) {
      const audioFormat = head.readUInt16LE(body);
      // 0xFFFE (WAVE_FORMAT_EXTENSIBLE) still carries integer PCM when ffmpeg writes it.
      if (audioFormat !== 1 && audioFormat !== 0xfffe) {
        throw new Error(`${file} is not PCM audio (WAV format tag ${audioFormat})`);
      }
      format = {
        channels: head.readUInt16LE(body + 2),
        sampleRate: head.readUInt32LE(body + 4),
        bitsPerSample: head.readUInt16LE(body + 14),
      };
    } else if (id === "data") {
      if (!format) break;
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      // ffmpeg leaves the data size at 0xFFFFFFFF when it could not seek back to patch it.
      const dataBytes = length === 0xffffffff ? size - body : Math.min(length, size - body);
      return { ...format, durationS: bytesPerSecond > 0 ? dataBytes / bytesPerSecond : 0 };
    }
    at = body + length + (length % 2);
  }
  throw new Error(`${file} has no readable WAV format and data chunks`);
}

/** Throws unless the file is the 16 kHz mono 16-bit PCM the recognisers expect. */
export async function assertWav16kMono(file: string): Promise<WavInfo> {
  const info = await readWavInfo(file);
  if (info.sampleRate !== 16000 || info.channels !== 1 || info.bitsPerSample !== 16) {
    throw new Error(
      `${file} must be 16 kHz mono 16-bit PCM, got ${info.sampleRate} Hz, ${info.channels} channel(s), ${info.bitsPerSample}-bit`,
    );
  }
  return info;
}
