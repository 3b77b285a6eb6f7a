import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAsr } from "../../adapters/asr/index.js";
import { createOpenAiAsr } from "../../adapters/asr/openai.js";
import { createPocketsphinx } from "../../adapters/asr/pocketsphinx.js";
import type { Asr, Transcription } from "../../adapters/asr/types.js";
import { readWavInfo } from "../../adapters/asr/wav.js";
import { createWhisperCpp, parseWhisperJson } from "../../adapters/asr/whisper-cpp.js";
import { findOnPath } from "../../adapters/binaries.js";
import { createFfmpeg, type Ffmpeg } from "../../adapters/ffmpeg.js";
import { transcribeFile } from "../../pipeline/transcribe.js";
import { loadConfig } from "../../state/config.js";
import { type AsrTestServer, startAsrServer } from "../support/asr-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { normaliseWords, wordErrorRate } from "../support/wer.js";

const TIMEOUT_MS = 60_000;
const LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox";
// The LibriVox transcription spells out what the reader says; pocketsphinx's dictionary writes "mr".
const SPELLINGS = { mr: "mister", harbor: "harbour" };

const ffmpegBin = () => process.env.SVC_FFMPEG || findOnPath("ffmpeg") || "ffmpeg";
const pocketsphinxBin = () => findOnPath("pocketsphinx_continuous") ?? "pocketsphinx_continuous";
const signal = () => AbortSignal.timeout(TIMEOUT_MS);

async function ff(args: string[]): Promise<void> {
  await execa(ffmpegBin(), ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args], {
    timeout: TIMEOUT_MS,
  });
}

/** flite's 16 kHz voice: the synthetic speech pocketsphinx recognises (espeak-ng's it does not). */
async function speech(dir: string, name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await execa("flite", ["-voice", "kal16", "-t", text, "-o", file], { timeout: TIMEOUT_MS });
  return file;
}

async function silence(dir: string, name: string, seconds: number): Promise<string> {
  const file = join(dir, name);
  await ff(["-f", "lavfi", "-i", `anullsrc=r=16000:cl=mono:d=${seconds}`, "-c:a", "pcm_s16le", file]);
  return file;
}

/** A small H.264 + AAC mp4 carrying the given audio, as a camera clip would. */
async function asMp4(audio: string, out: string, seconds: number): Promise<string> {
  await ff([
    ...["-f", "lavfi", "-i", `color=c=darkblue:s=160x120:r=10:d=${seconds}`, "-i", audio],
    ...["-map", "0:v", "-map", "1:a", "-shortest"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k"],
    out,
  ]);
  return out;
}

/** Joins WAVs end to end at 16 kHz mono. */
async function concat(files: string[], out: string): Promise<string> {
  const inputs = files.flatMap((f) => ["-i", f]);
  const graph = `${files.map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono[a${i}];`).join("")}${files
    .map((_, i) => `[a${i}]`)
    .join("")}concat=n=${files.length}:v=0:a=1[out]`;
  await ff([...inputs, "-filter_complex", graph, "-map", "[out]", "-c:a", "pcm_s16le", out]);
  return out;
}

/** Debian's pocketsphinx-testdata; Homebrew has no equivalent package. */
function hasLibrivox(): boolean {
  if (existsSync(join(LIBRIVOX, "transcription"))) return true;
  process.stderr.write(`skipping: no LibriVox recordings at ${LIBRIVOX} (pocketsphinx-testdata)\n`);
  return false;
}

const textOf = (t: Transcription) => t.words.map((w) => w.word).join(" ");

function expectWellFormed(t: Transcription, durationS: number) {
  expect(t.words.length).toBeGreaterThan(0);
  let previousStart = -1;
  for (const w of t.words) {
    expect(w.start).toBeGreaterThanOrEqual(previousStart);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(durationS + 0.05);
    expect(w.score).toBeGreaterThanOrEqual(0);
    expect(w.score).toBeLessThanOrEqual(1);
    expect(w.word).toMatch(/^[a-z']+$/);
    previousStart = w.start;
  }
  for (const s of t.segments) {
    expect(s.end).toBeGreaterThanOrEqual(s.start);
    expect(s.text.trim()).not.toBe("");
  }
  // Segments are the same words, grouped.
  expect(normaliseWords(t.segments.map((s) => s.text).join(" "))).toEqual(normaliseWords(textOf(t)));
}

/** Wraps a recogniser to record every chunk it is handed. */
function spy(inner: Asr | null) {
  const calls: { durationS: number; language: string | undefined }[] = [];
  const asr: Asr = {
    name: inner?.name ?? "openai",
    async transcribe(wav, opts) {
      calls.push({ durationS: (await readWavInfo(wav)).durationS, language: opts.language });
      if (!inner) throw new Error("this recogniser must not be called");
      return inner.transcribe(wav, opts);
    },
  };
  return { asr, calls };
}

describe.skipIf(!needTools("ffmpeg"))("ffmpeg audio commands", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let ffmpeg: Ffmpeg;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-asr-ff-");
    ffmpeg = createFfmpeg(ffmpegBin());
  });
  afterAll(() => ws.cleanup());

  it("finds silences, closes a trailing one and reports the decoded length", async () => {
    const file = join(ws.base, "tone-gap.m4a");
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2"],
      ...["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono:d=3"],
      ...["-filter_complex", "[0:a][1:a][0:a][1:a]concat=n=4:v=0:a=1[out]", "-map", "[out]"],
      ...["-c:a", "aac", "-b:a", "64k", file],
    ]);
    const report = await ffmpeg.silences(file, { noiseDb: -45, minS: 1, timeoutMs: TIMEOUT_MS });
    expect(report.durationS).toBeCloseTo(10, 0);
    expect(report.silences).toHaveLength(2);
    expect(report.silences[0]?.start).toBeCloseTo(2, 0);
    expect(report.silences[0]?.end).toBeCloseTo(5, 0);
    expect(report.silences[1]?.start).toBeCloseTo(7, 0);
    expect(report.silences[1]?.end).toBeCloseTo(10, 0);
  });

  it("extracts a window of the first audio track as 16 kHz mono PCM", async () => {
    const file = join(ws.base, "stereo.m4a");
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=44100:duration=6"],
      ...["-ac", "2", "-c:a", "aac", file],
    ]);
    const out = join(ws.base, "window.wav");
    await ffmpeg.extractAudio(file, out, { startS: 2, durationS: 3, timeoutMs: TIMEOUT_MS });
    const info = await readWavInfo(out);
    expect(info).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(info.durationS).toBeCloseTo(3, 1);
  });

  it("says so when a file has no audio", async () => {
    const file = join(ws.base, "mute.mp4");
    await ff([
      ...["-f", "lavfi", "-i", "color=c=black:s=160x120:r=10:d=1"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file],
    ]);
    await expect(ffmpeg.silences(file, { noiseDb: -45, minS: 1, timeoutMs: TIMEOUT_MS })).rejects.toThrow(
      /has no audio stream/,
    );
    await expect(
      ffmpeg.extractAudio(file, join(ws.base, "x.wav"), { timeoutMs: TIMEOUT_MS }),
    ).rejects.toThrow(/has no audio stream/);
  });
});

describe.skipIf(!needTools("ffmpeg", "flite", "pocketsphinx_continuous"))(
  "pocketsphinx on real speech",
  () => {
    let ws: Awaited<ReturnType<typeof tempWorkspace>>;
    let ffmpeg: Ffmpeg;
    let pocketsphinx: Asr;
    beforeAll(async () => {
      ws = await tempWorkspace("svc-asr-ps-");
      ffmpeg = createFfmpeg(ffmpegBin());
      pocketsphinx = createPocketsphinx(pocketsphinxBin());
    });
    afterAll(() => ws.cleanup());

    const FOX = "The quick brown fox jumps over the lazy dog. Welcome to the media library test.";

    it("recognises flite speech with word timings and confidences", async () => {
      const raw = await speech(ws.base, "fox.wav", FOX);
      const wav = join(ws.base, "fox16.wav");
      await ffmpeg.extractAudio(raw, wav, { timeoutMs: TIMEOUT_MS });
      const { durationS } = await readWavInfo(wav);
      const t = await pocketsphinx.transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS });
      expect(t.language).toBe("en");
      expectWellFormed(t, durationS);
      expect(wordErrorRate(FOX, textOf(t), SPELLINGS)).toBeLessThan(0.25);
      // Fillers and pronunciation variants ("to(3)") never reach the output.
      expect(t.words.some((w) => /[<>()[\]]/.test(w.word))).toBe(false);
    });

    it("transcribes the AAC track of an mp4 through transcribeFile", async () => {
      const text = "Open the project folder and export the subtitles. Hello there, this is the second part.";
      const raw = await speech(ws.base, "clip.wav", text);
      const clip = await asMp4(raw, join(ws.base, "clip.mp4"), 12);
      const tmpDir = join(ws.base, "tmp-mp4");
      await mkdir(tmpDir);
      const t = await transcribeFile(clip, null, { ffmpeg, asr: pocketsphinx, tmpDir, signal: signal() });
      expect(t).not.toBeNull();
      if (!t) return;
      const { durationS } = await readWavInfo(raw);
      expectWellFormed(t, durationS);
      expect(t.language).toBe("en");
      expect(wordErrorRate(text, textOf(t), SPELLINGS)).toBeLessThan(0.35);
      expect(await readdir(tmpDir)).toEqual([]);
    });

    it.skipIf(!hasLibrivox())("recognises the LibriVox recordings within a word error rate", async () => {
      const lines = (await readFile(join(LIBRIVOX, "transcription"), "utf8")).split("\n").filter(Boolean);
      let edits = 0;
      let words = 0;
      for (const line of lines) {
        const match = /^<s> (.*) <\/s> \((.+)\)$/.exec(line.trim());
        expect(match).not.toBeNull();
        const [, reference = "", id = ""] = match ?? [];
        const wav = join(LIBRIVOX, `${id}.wav`);
        const { durationS } = await readWavInfo(wav);
        const t = await pocketsphinx.transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS });
        expectWellFormed(t, durationS);
        const ref = normaliseWords(reference).length;
        edits += wordErrorRate(reference, textOf(t), SPELLINGS) * ref;
        words += ref;
      }
      // pocketsphinx 5prealpha with its generic language model scores about 0.35 on these.
      expect(words).toBeGreaterThan(50);
      expect(edits / words).toBeLessThan(0.45);
    });

    it("sends nothing to the recogniser for a silent track", async () => {
      const quiet = join(ws.base, "quiet.m4a");
      await ff(["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo:d=5", "-c:a", "aac", quiet]);
      const tmpDir = join(ws.base, "tmp-quiet");
      await mkdir(tmpDir);
      const { asr, calls } = spy(null);
      expect(await transcribeFile(quiet, 5, { ffmpeg, asr, tmpDir, signal: signal() })).toBeNull();
      expect(calls).toHaveLength(0);
      expect(await readdir(tmpDir)).toEqual([]);
    });

    describe("a long recording in chunks", () => {
      const PHRASES = [
        "The quick brown fox jumps over the lazy dog.",
        "Welcome to the media library test.",
        "Hello there, this is the second part.",
        "Open the project folder and export the subtitles.",
      ];
      const GAP_S = 7;
      let file: string;
      let windows: { start: number; end: number }[];
      let totalS: number;

      beforeAll(async () => {
        const parts: string[] = [await silence(ws.base, "lead.wav", 2)];
        const gap = await silence(ws.base, "gap.wav", GAP_S);
        windows = [];
        let at = 2;
        for (const [i, phrase] of PHRASES.entries()) {
          const spoken = await speech(ws.base, `phrase-${i}.wav`, phrase);
          const { durationS } = await readWavInfo(spoken);
          windows.push({ start: at, end: at + durationS });
          at += durationS;
          parts.push(spoken);
          if (i < PHRASES.length - 1) {
            parts.push(gap);
            at += GAP_S;
          }
        }
        parts.push(await silence(ws.base, "tail.wav", 2));
        totalS = at + 2;
        file = await concat(parts, join(ws.base, "long.wav"));
      });

      it("cuts inside silences and puts the words back at their time", async () => {
        expect(totalS).toBeGreaterThan(35);
        const tmpDir = join(ws.base, "tmp-chunks");
        await mkdir(tmpDir);
        const { asr, calls } = spy(pocketsphinx);
        const t = await transcribeFile(file, null, { ffmpeg, asr, tmpDir, signal: signal(), chunkS: 15 });
        expect(t).not.toBeNull();
        if (!t) return;
        expect(calls.length).toBeGreaterThanOrEqual(3);
        for (const call of calls) expect(call.durationS).toBeLessThanOrEqual(15.05);
        // No chunk is silent here, so the chunks tile the file; no cut falls inside a phrase.
        expect(calls.reduce((sum, c) => sum + c.durationS, 0)).toBeCloseTo(totalS, 0);
        let cut = 0;
        for (const call of calls.slice(0, -1)) {
          cut += call.durationS;
          expect(windows.some((w) => cut > w.start && cut < w.end)).toBe(false);
        }
        expectWellFormed(t, totalS);
        // Every phrase is found, at its own time, so no chunk offset went missing or was added twice.
        for (const [i, window] of windows.entries()) {
          const heard = t.words.filter((w) => w.start >= window.start - 0.3 && w.end <= window.end + 0.3);
          expect(wordErrorRate(PHRASES[i] ?? "", heard.map((w) => w.word).join(" "), SPELLINGS)).toBeLessThan(
            0.4,
          );
        }
        expect(
          t.words.every((w) => windows.some((x) => w.start >= x.start - 0.3 && w.end <= x.end + 0.3)),
        ).toBe(true);
        expect(await readdir(tmpDir)).toEqual([]);
      });

      it("stops on cancel and leaves no temporary files", async () => {
        const tmpDir = join(ws.base, "tmp-cancel");
        await mkdir(tmpDir);
        const controller = new AbortController();
        let calls = 0;
        const asr: Asr = {
          name: "pocketsphinx",
          transcribe(wav, opts) {
            calls++;
            controller.abort();
            return pocketsphinx.transcribe(wav, opts);
          },
        };
        await expect(
          transcribeFile(file, null, { ffmpeg, asr, tmpDir, signal: controller.signal, chunkS: 15 }),
        ).rejects.toThrow(/cancelled|aborted/);
        expect(calls).toBe(1);
        expect(await readdir(tmpDir)).toEqual([]);
      });
    });

    it("refuses a language other than English", async () => {
      const wav = join(ws.base, "fox16.wav");
      await expect(
        pocketsphinx.transcribe(wav, { language: "de", signal: signal(), timeoutMs: TIMEOUT_MS }),
      ).rejects.toThrow(/English only/);
      const t = await pocketsphinx.transcribe(wav, {
        language: "en",
        signal: signal(),
        timeoutMs: TIMEOUT_MS,
      });
      expect(t.words.length).toBeGreaterThan(0);
    });

    it("refuses a file that is not 16 kHz mono WAV with a clear message", async () => {
      const notWav = join(ws.base, "notes.wav");
      await writeFile(notWav, "not audio at all");
      await expect(
        pocketsphinx.transcribe(notWav, { signal: signal(), timeoutMs: TIMEOUT_MS }),
      ).rejects.toThrow(/is not a WAV file/);
      const raw = await speech(ws.base, "raw.wav", "one two");
      const wrongRate = join(ws.base, "raw-44k.wav");
      await ff(["-i", raw, "-ar", "44100", "-c:a", "pcm_s16le", wrongRate]);
      await expect(
        pocketsphinx.transcribe(wrongRate, { signal: signal(), timeoutMs: TIMEOUT_MS }),
      ).rejects.toThrow(/must be 16 kHz mono/);
    });
  },
);

describe.skipIf(!needTools("ffmpeg"))("OpenAI-compatible server", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let server: AsrTestServer;
  let wav: string;
  const WORDS = "the harbour lights came on as the boat came in at night".split(" ");
  beforeAll(async () => {
    ws = await tempWorkspace("svc-asr-openai-");
    server = await startAsrServer({ words: WORDS, wordsPerSegment: 4, probabilities: true });
    wav = join(ws.base, "tone.wav");
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=200:sample_rate=16000:duration=6"],
      ...["-ac", "1", "-c:a", "pcm_s16le", wav],
    ]);
  });
  afterAll(async () => {
    await server.close();
    await ws.cleanup();
  });

  it("asks for word and segment timestamps and parses verbose_json", async () => {
    const asr = createOpenAiAsr(server.url);
    const t = await asr.transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS });
    const request = server.requests.at(-1);
    expect(request).toMatchObject({
      model: "whisper-1",
      responseFormat: "verbose_json",
      language: null,
      fileName: "tone.wav",
    });
    expect(request?.granularities.sort()).toEqual(["segment", "word"]);
    expect(request?.durationS).toBeCloseTo(6, 2);
    expect(t.language).toBe("en");
    expect(t.words.map((w) => w.word)).toEqual(WORDS);
    expect(t.segments).toHaveLength(Math.ceil(WORDS.length / 4));
    expect(t.segments[0]?.text).toBe(WORDS.slice(0, 4).join(" "));
    for (const [i, w] of t.words.entries()) {
      expect(w.start).toBeCloseTo((i * 6) / WORDS.length, 2);
      expect(w.end).toBeLessThanOrEqual(6);
      expect(w.score).toBeCloseTo(0.5 + (i % 5) / 10, 5);
    }
  });

  it("sends a forced language as its code and maps the reported name back to one", async () => {
    const german = await startAsrServer({ language: "german" });
    try {
      const t = await createOpenAiAsr(`${german.url}/v1/`).transcribe(wav, {
        language: "German",
        signal: signal(),
        timeoutMs: TIMEOUT_MS,
      });
      expect(german.requests[0]?.language).toBe("de");
      expect(t.language).toBe("de");
    } finally {
      await german.close();
    }
  });

  it("scores words 1 when the server gives no probability", async () => {
    const plain = await startAsrServer({ words: ["hello", "world"] });
    try {
      const t = await createOpenAiAsr(plain.url).transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS });
      expect(t.words.map((w) => w.score)).toEqual([1, 1]);
    } finally {
      await plain.close();
    }
  });

  it("turns a server error into a clear message, then works again", async () => {
    const asr = createOpenAiAsr(server.url);
    server.failNext(500, "CUDA out of memory");
    await expect(asr.transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS })).rejects.toThrow(
      /answered 500 .*CUDA out of memory/,
    );
    const t = await asr.transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS });
    expect(t.words).toHaveLength(WORDS.length);
  });

  it("reports an unreachable server and a slow one", async () => {
    const gone = await startAsrServer();
    const url = gone.url;
    await gone.close();
    await expect(
      createOpenAiAsr(url).transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS }),
    ).rejects.toThrow(/unreachable/);
    const slow = await startAsrServer({ delayMs: 2000 });
    try {
      await expect(
        createOpenAiAsr(slow.url).transcribe(wav, { signal: signal(), timeoutMs: 300 }),
      ).rejects.toThrow(/timed out/);
    } finally {
      await slow.close();
    }
  });

  it("sends a long file in chunks, skips the silent ones and offsets the words", async () => {
    const long = join(ws.base, "long-tones.wav");
    // Tone, then 3 s of silence, tone, a 20 s silence and tone to the end of 40 s.
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=16000:duration=40"],
      ...["-af", "volume='if(lt(t,5)+between(t,8,13)+gte(t,33),1,0)':eval=frame"],
      ...["-ac", "1", "-c:a", "pcm_s16le", long],
    ]);
    const tmpDir = join(ws.base, "tmp-openai");
    await mkdir(tmpDir);
    const ORDINALS = ["one", "two", "three", "four"];
    const counting = await startAsrServer({ words: ({ index }) => ["chunk", ORDINALS[index] ?? "more"] });
    try {
      const t = await transcribeFile(long, null, {
        ffmpeg: createFfmpeg(ffmpegBin()),
        asr: createOpenAiAsr(counting.url),
        tmpDir,
        signal: signal(),
        chunkS: 15,
      });
      // 0–15 s (cut inside the long silence), 15–30 s is silent throughout and never sent, 30–40 s.
      const sent = counting.requests.map((r) => r.durationS);
      expect(sent).toHaveLength(2);
      expect(sent[0]).toBeCloseTo(15, 1);
      expect(sent[1]).toBeCloseTo(10, 1);
      expect(t?.segments.map((s) => s.text)).toEqual(["chunk one", "chunk two"]);
      expect(t?.segments[0]?.start).toBeCloseTo(0, 3);
      expect(t?.segments[1]?.start).toBeCloseTo(30, 1);
      // Word times are the server's (spread over each chunk) plus the chunk's start.
      expect(t?.words.map((w) => [w.word, Number(w.start.toFixed(1))])).toEqual([
        ["chunk", 0],
        ["one", 7.5],
        ["chunk", 30],
        ["two", 35],
      ]);
    } finally {
      await counting.close();
    }
    expect(await readdir(tmpDir)).toEqual([]);
  });
});

/** A realistic `whisper-cli -ojf` file, laid out the way whisper.cpp's output_json writes it. */
function whisperJson(language: string): Buffer {
  type Tok = [text: string, from: number, to: number, id: number, p: number];
  const segments: { from: number; to: number; text: string; tokens: Tok[] }[] = [
    {
      from: 0,
      to: 2400,
      text: " The quick brown fox jumps.",
      tokens: [
        ["[_BEG_]", 0, 0, 50364, 0.98],
        [" The", 0, 320, 440, 0.95],
        [" quick", 320, 700, 1702, 0.9],
        [" brown", 700, 1100, 3699, 0.85],
        [" fox", 1100, 1500, 21026, 0.99],
        [" jum", 1500, 1800, 29238, 0.7],
        ["ps", 1800, 2100, 1878, 0.9],
        [".", 2100, 2200, 13, 0.6],
        ["[_TT_120]", 2400, 2400, 50484, 0.2],
      ],
    },
    {
      from: 2400,
      to: 4000,
      // "café" with its "é" (0xC3 0xA9) split across two tokens, as whisper.cpp writes raw bytes.
      text: Buffer.from(" Meet me at the café", "utf8").toString("latin1"),
      tokens: [
        ["[_BEG_]", 2400, 2400, 50364, 0.9],
        [" Meet", 2400, 2700, 15506, 0.8],
        [" me", 2700, 2900, 385, 0.9],
        [" at", 2900, 3100, 412, 0.9],
        [" the", 3100, 3300, 264, 0.95],
        [" caf", 3300, 3600, 13133, 0.8],
        ["\u00c3", 3600, 3700, 2481, 0.5],
        ["\u00a9", 3700, 3900, 2481, 0.5],
        ["[_TT_200]", 4000, 4000, 50564, 0.1],
      ],
    },
  ];
  const ts = (ms: number) => {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor(ms / 60_000) % 60;
    const s = Math.floor(ms / 1000) % 60;
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
  };
  const t = (n: number) => "\t".repeat(n);
  const times = (indent: number, from: number, to: number) =>
    `${t(indent)}"timestamps": {\n${t(indent + 1)}"from": "${ts(from)}",\n${t(indent + 1)}"to": "${ts(to)}"\n${t(indent)}},\n` +
    `${t(indent)}"offsets": {\n${t(indent + 1)}"from": ${from},\n${t(indent + 1)}"to": ${to}\n${t(indent)}},\n`;
  const body = segments
    .map((seg, i) => {
      const tokens = seg.tokens
        .map(
          ([text, from, to, id, p], j) =>
            `${t(4)}{\n${t(5)}"text": "${text}",\n${times(5, from, to)}${t(5)}"id": ${id},\n${t(5)}"p": ${p},\n${t(5)}"t_dtw": -1\n${t(4)}}${j === seg.tokens.length - 1 ? "" : ","}\n`,
        )
        .join("");
      return `${t(2)}{\n${times(3, seg.from, seg.to)}${t(3)}"text": "${seg.text}",\n${t(3)}"tokens": [\n${tokens}${t(3)}]\n${t(2)}}${i === segments.length - 1 ? "" : ","}\n`;
    })
    .join("");
  const text =
    `{\n${t(1)}"systeminfo": "AVX = 1 | AVX2 = 1 | AVX512 = 0 | FMA = 1 | NEON = 0 | ARM_FMA = 0 | F16C = 1 | SSE3 = 1 | SSSE3 = 1 | VSX = 0 | ",\n` +
    `${t(1)}"model": {\n${t(2)}"type": "base",\n${t(2)}"multilingual": true,\n${t(2)}"vocab": 51865,\n` +
    `${t(2)}"audio": {\n${t(3)}"ctx": 1500,\n${t(3)}"state": 512,\n${t(3)}"head": 8,\n${t(3)}"layer": 6\n${t(2)}},\n` +
    `${t(2)}"text": {\n${t(3)}"ctx": 448,\n${t(3)}"state": 512,\n${t(3)}"head": 8,\n${t(3)}"layer": 6\n${t(2)}},\n` +
    `${t(2)}"mels": 80,\n${t(2)}"ftype": 1\n${t(1)}},\n` +
    `${t(1)}"params": {\n${t(2)}"model": "models/ggml-base.bin",\n${t(2)}"language": "auto",\n${t(2)}"translate": false\n${t(1)}},\n` +
    `${t(1)}"result": {\n${t(2)}"language": "${language}"\n${t(1)}},\n` +
    `${t(1)}"transcription": [\n${body}${t(1)}]\n}\n`;
  return Buffer.from(text, "latin1");
}

describe.skipIf(!needTools("ffmpeg", "sh"))("whisper.cpp command line", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let wav: string;
  let model: string;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-asr-whisper-");
    wav = join(ws.base, "speech.wav");
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=200:sample_rate=16000:duration=4"],
      ...["-ac", "1", "-c:a", "pcm_s16le", wav],
    ]);
    model = join(ws.base, "ggml-base.bin");
    await writeFile(model, "not really a model");
  });
  afterAll(() => ws.cleanup());

  /** A stand-in `whisper-cli` that records its arguments and writes `fixture` to `<-of>.json`. */
  async function fakeWhisper(name: string, fixture: Buffer | null, stderr = ""): Promise<string> {
    const dir = join(ws.base, name);
    await mkdir(dir);
    if (fixture) await writeFile(join(dir, "fixture.json"), fixture);
    const bin = join(dir, "whisper-cli");
    await writeFile(
      bin,
      [
        "#!/bin/sh",
        'here="$(dirname "$0")"',
        'printf "%s\\n" "$@" > "$here/args.txt"',
        'out=""',
        'while [ $# -gt 0 ]; do if [ "$1" = "-of" ]; then out="$2"; shift; fi; shift; done',
        stderr ? `echo "${stderr}" >&2` : "",
        fixture ? 'cp "$here/fixture.json" "$out.json"' : "",
        "exit 0",
        "",
      ].join("\n"),
    );
    await chmod(bin, 0o755);
    return bin;
  }

  const argsOf = async (bin: string) =>
    (await readFile(join(bin, "..", "args.txt"), "utf8")).trim().split("\n");

  it("runs with full JSON output and joins sub-word tokens into timed words", async () => {
    const bin = await fakeWhisper("ok", whisperJson("en"));
    const t = await createWhisperCpp(bin, model).transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS });
    const args = await argsOf(bin);
    expect(args.slice(0, 6)).toEqual(["-m", model, "-f", wav, "-l", "auto"]);
    expect(args).toEqual(expect.arrayContaining(["-oj", "-ojf", "-of"]));
    expect(t.language).toBe("en");
    expect(t.segments).toEqual([
      { start: 0, end: 2.4, text: "The quick brown fox jumps." },
      { start: 2.4, end: 4, text: "Meet me at the café" },
    ]);
    expect(t.words.map((w) => w.word)).toEqual([
      "The",
      "quick",
      "brown",
      "fox",
      "jumps.",
      "Meet",
      "me",
      "at",
      "the",
      "café",
    ]);
    const jumps = t.words[4];
    expect(jumps?.start).toBeCloseTo(1.5, 5);
    expect(jumps?.end).toBeCloseTo(2.2, 5);
    expect(jumps?.score).toBeCloseTo((0.7 + 0.9 + 0.6) / 3, 5);
    expect(t.words[9]).toMatchObject({ start: 3.3, end: 3.9 });
    // whisper.cpp's output file lived in a temp folder of its own, now gone.
    const outPrefix = args[args.indexOf("-of") + 1] ?? "";
    await expect(readFile(`${outPrefix}.json`)).rejects.toThrow();
  });

  it("passes a forced language and reports the detected one as a code", async () => {
    const bin = await fakeWhisper("fr", whisperJson("fr"));
    const t = await createWhisperCpp(bin, model).transcribe(wav, {
      language: "French",
      signal: signal(),
      timeoutMs: TIMEOUT_MS,
    });
    expect((await argsOf(bin)).slice(4, 6)).toEqual(["-l", "fr"]);
    expect(t.language).toBe("fr");
  });

  it("explains a run that wrote no transcript", async () => {
    const bin = await fakeWhisper("broken", null, `error: failed to read WAV file '${wav}'`);
    await expect(
      createWhisperCpp(bin, model).transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS }),
    ).rejects.toThrow(/wrote no transcript: error: failed to read WAV file/);
  });

  it("survives NaN probabilities and rejects a file that is not -ojf JSON", () => {
    const withNan = Buffer.from(
      whisperJson("en").toString("latin1").replace('"p": 0.95,', '"p": nan,'),
      "latin1",
    );
    expect(parseWhisperJson(withNan).words[0]).toMatchObject({ word: "The", score: 1 });
    expect(() => parseWhisperJson(Buffer.from("{"))).toThrow(/invalid JSON/);
    expect(() => parseWhisperJson(Buffer.from('{"transcription": 3}'))).toThrow(/expected -ojf format/);
  });
});

describe("choosing a speech recogniser", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let bin: string;
  let model: string;
  let sphinxDir: string;
  let modelDir: string;
  const none = { backend: "auto", whisperBin: undefined, whisperModel: undefined, url: undefined } as const;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-asr-select-");
    bin = join(ws.base, "whisper-cli");
    await writeFile(bin, "#!/bin/sh\nexit 0\n");
    await chmod(bin, 0o755);
    model = join(ws.base, "ggml-base.bin");
    await writeFile(model, "model");
    sphinxDir = join(ws.base, "bin");
    await mkdir(sphinxDir);
    await writeFile(join(sphinxDir, "pocketsphinx_continuous"), "#!/bin/sh\nexit 0\n");
    await chmod(join(sphinxDir, "pocketsphinx_continuous"), 0o755);
    // The model folder sits where Debian's layout puts it relative to the program: <prefix>/share/…
    modelDir = join(ws.base, "share", "pocketsphinx", "model", "en-us", "en-us");
    await mkdir(modelDir, { recursive: true });
  });
  afterAll(() => ws.cleanup());

  it("accepts SVC_ASR=pocketsphinx in the configuration", () => {
    expect(loadConfig({ SVC_ASR: "pocketsphinx" }).asr.backend).toBe("pocketsphinx");
  });

  it("auto prefers whisper.cpp, then a server, then pocketsphinx", async () => {
    const whisper = await createAsr({
      ...none,
      whisperBin: bin,
      whisperModel: model,
      url: "http://127.0.0.1:9",
    });
    expect(whisper.asr?.name).toBe("whisper-cpp");
    expect(whisper.reason).toMatch(/ggml-base\.bin/);
    const server = await createAsr({ ...none, url: "http://127.0.0.1:9", pathVar: sphinxDir });
    expect(server.asr?.name).toBe("openai");
    const sphinx = await createAsr({ ...none, pathVar: sphinxDir });
    expect(sphinx.asr?.name).toBe("pocketsphinx");
    expect(sphinx.reason).toMatch(/English only/);
  });

  it("auto reports a broken whisper.cpp setting beside what it used instead", async () => {
    const missing = join(ws.base, "missing.bin");
    const result = await createAsr({ ...none, whisperBin: bin, whisperModel: missing, pathVar: sphinxDir });
    expect(result.asr?.name).toBe("pocketsphinx");
    expect(result.reason).toContain(missing);
  });

  it("auto with nothing installed says what to install", async () => {
    const result = await createAsr({ ...none, pathVar: join(ws.base, "empty") });
    expect(result.asr).toBeNull();
    expect(result.reason).toMatch(/SVC_WHISPER_BIN.*SVC_ASR_URL.*pocketsphinx-en-us/);
    const noModel = await createAsr({
      ...none,
      pathVar: sphinxDir,
      pocketsphinxModelDir: join(ws.base, "nope"),
    });
    expect(noModel.asr).toBeNull();
    expect(noModel.reason).toMatch(/no English model/);
  });

  it("an explicit backend is used or refused with the reason, never swapped", async () => {
    const w = await createAsr({
      ...none,
      backend: "whisper-cpp",
      url: "http://127.0.0.1:9",
      pathVar: sphinxDir,
    });
    expect(w.asr).toBeNull();
    expect(w.reason).toBe("SVC_ASR=whisper-cpp: whisper-cpp needs SVC_WHISPER_BIN and SVC_WHISPER_MODEL");
    const notExecutable = await createAsr({
      ...none,
      backend: "whisper-cpp",
      whisperBin: model,
      whisperModel: model,
    });
    expect(notExecutable.asr).toBeNull();
    expect(notExecutable.reason).toMatch(/not an executable file/);
    const o = await createAsr({ ...none, backend: "openai", pathVar: sphinxDir });
    expect(o).toEqual({ asr: null, reason: "SVC_ASR=openai: openai needs SVC_ASR_URL" });
    const p = await createAsr({ ...none, backend: "pocketsphinx", pathVar: join(ws.base, "empty") });
    expect(p.asr).toBeNull();
    expect(p.reason).toMatch(/pocketsphinx_continuous is not on PATH/);
    expect((await createAsr({ ...none, backend: "pocketsphinx", pathVar: sphinxDir })).asr?.name).toBe(
      "pocketsphinx",
    );
    expect(await createAsr({ ...none, backend: "none", whisperBin: bin, whisperModel: model })).toEqual({
      asr: null,
      reason: "speech recognition is turned off (SVC_ASR=none)",
    });
  });

  it.skipIf(!findOnPath("pocketsphinx_continuous"))(
    "finds the installed pocketsphinx and its model",
    async () => {
      const result = await createAsr({ ...none, backend: "pocketsphinx" });
      expect(result.asr?.name).toBe("pocketsphinx");
    },
  );
});
