import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiAsr } from "../../adapters/asr/openai.js";
import { createFfmpeg } from "../../adapters/ffmpeg.js";
import { transcribeFile } from "../../pipeline/transcribe.js";
import { type AsrTestServer, startAsrServer } from "../support/asr-server.js";
import { ff, ffmpegBin, signal, TIMEOUT_MS } from "../support/speech.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

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
