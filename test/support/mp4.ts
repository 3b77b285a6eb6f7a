import { open } from "node:fs/promises";
import { execa } from "execa";

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  channels?: number;
}

/** The streams ffprobe sees in a file. */
export async function probeStreams(file: string): Promise<ProbedStream[]> {
  const { stdout } = await execa(
    process.env.SVC_FFPROBE || "ffprobe",
    [
      "-v",
      "error",
      "-show_entries",
      "stream=codec_type,codec_name,width,height,pix_fmt,channels",
      "-of",
      "json",
      file,
    ],
    { timeout: 30_000 },
  );
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams;
}

/** The names of an MP4's top-level boxes in file order (`moov` before `mdat` means +faststart). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const names: string[] = [];
    const header = Buffer.alloc(16);
    let at = 0;
    while (at + 8 <= size) {
      await handle.read(header, 0, 16, at);
      let length = header.readUInt32BE(0);
      names.push(header.toString("latin1", 4, 8));
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      if (length === 0) break;
      at += length;
    }
    return names;
  } finally {
    await handle.close();
  }
}
