import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPocketsphinx } from "../../adapters/asr/pocketsphinx.js";
import type { Asr } from "../../adapters/asr/types.js";
import { readWavInfo } from "../../adapters/asr/wav.js";
import { createFfmpeg, type Ffmpeg } from "../../adapters/ffmpeg.js";
import { transcribeFile } from "../../pipeline/transcribe.js";
import {
  asMp4,
  concat,
  expectWellFormed,
  ff,
  ffmpegBin,
  hasLibrivox,
  LIBRIVOX,
  pocketsphinxBin,
  SPELLINGS,
  signal,
  silence,
  speech,
  spy,
  TIMEOUT_MS,
  textOf,
} from "../support/speech.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { normaliseWords, wordErrorRate } from "../support/wer.js";

describe.skipIf(!needTools("ffmpeg", "flite", "pocketsphinx_continuous"))(
  "pocketsphinx on real speech",
  () => {
    let ws: Awaited<ReturnType<typeof tempWorkspace>>;
    let ffmpeg: Ffmpeg;
    let pocketsphinx: Asr;
    const FOX = "The quick brown fox jumps over the lazy dog. Welcome to the media library test.";
    // Read-only fixture of every test below: the FOX sentence as 16 kHz mono WAV.
    let wav: string;
    beforeAll(async () => {
      ws = await tempWorkspace("svc-asr-ps-");
      ffmpeg = createFfmpeg(ffmpegBin());
      pocketsphinx = createPocketsphinx(pocketsphinxBin());
      wav = join(ws.base, "fox16.wav");
      await ffmpeg.extractAudio(await speech(ws.base, "fox.wav", FOX), wav, { timeoutMs: TIMEOUT_MS });
    }, 60_000);
    afterAll(() => ws.cleanup());

    it("recognises flite speech with word timings and confidences", async () => {
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
