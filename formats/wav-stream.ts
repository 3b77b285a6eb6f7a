/**
 * 16-bit PCM WAV read as it arrives (ffmpeg writing to a pipe, sizes unknown), handed on in
 * pieces of whole samples: a recording of any length passes through in bounded memory.
 */

/** A WAV header longer than this is not the one ffmpeg writes to a pipe. */
const MAX_HEADER_BYTES = 64 * 1024;

export interface WavFormat {
  sampleRate: number;
  channels: number;
}

/** What takes the samples: interleaved, channel after channel, in the order they came. */
export interface PcmSink {
  add(samples: Int16Array, format: WavFormat): void;
}

/** The format of a WAV header once its `data` chunk starts, null while more bytes are needed. */
function wavHeader(head: Buffer): { format: WavFormat; dataAt: number } | null {
  if (head.length < 12) return null;
  if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE")
    throw new Error("the decoded sound is not a WAV stream");
  let format: WavFormat | null = null;
  for (let at = 12; at + 8 <= head.length; ) {
    const id = head.toString("ascii", at, at + 4);
    const length = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "data") {
      if (!format) throw new Error("the decoded sound's WAV header has no format");
      return { format, dataAt: body };
    }
    if (body + length > head.length) return null;
    if (id === "fmt ") {
      const tag = head.readUInt16LE(body);
      const bits = head.readUInt16LE(body + 14);
      // 0xFFFE (WAVE_FORMAT_EXTENSIBLE) is how ffmpeg writes integer PCM of more than two channels.
      if ((tag !== 1 && tag !== 0xfffe) || bits !== 16)
        throw new Error(`the decoded sound is not 16-bit PCM (format ${tag}, ${bits} bits)`);
      format = { channels: head.readUInt16LE(body + 2), sampleRate: head.readUInt32LE(body + 4) };
      if (!(format.channels > 0) || !(format.sampleRate > 0))
        throw new Error(`the decoded sound has ${format.channels} channels at ${format.sampleRate} Hz`);
    }
    at = body + length + (length % 2);
  }
  return null;
}

export class WavStream {
  private head: Buffer | null = Buffer.alloc(0);
  private format: WavFormat | null = null;
  private carry: Buffer | null = null;

  constructor(private readonly sinks: readonly PcmSink[]) {}

  push(chunk: Buffer): void {
    if (!this.head) {
      this.samples(chunk);
      return;
    }
    const head = Buffer.concat([this.head, chunk]);
    const found = wavHeader(head);
    if (!found) {
      if (head.length > MAX_HEADER_BYTES) throw new Error("the decoded sound's WAV header never ends");
      this.head = head;
      return;
    }
    this.head = null;
    this.format = found.format;
    this.samples(head.subarray(found.dataAt));
  }

  private samples(chunk: Buffer): void {
    const format = this.format;
    if (!format) return;
    let bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 2);
    this.carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : null;
    // An Int16Array view needs an even offset (and reads the host's byte order: little-endian on
    // every platform Node ships for); a copy starts aligned.
    if (bytes.byteOffset % 2 !== 0) bytes = Buffer.from(bytes.subarray(0, whole));
    const view = new Int16Array(bytes.buffer, bytes.byteOffset, whole / 2);
    for (const sink of this.sinks) sink.add(view, format);
  }
}
