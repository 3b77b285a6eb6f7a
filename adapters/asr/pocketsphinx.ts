import { run } from "../process.js";
import { groupWords } from "./group.js";
import { toLanguageCode } from "./language.js";
import type { Asr, Transcription, Word } from "./types.js";
import { assertWav16kMono } from "./wav.js";

/** Silence and noise markers from the en-us model's filler dictionary: not words anyone said. */
const FILLERS = new Set(["<s>", "</s>", "<sil>", "[NOISE]", "[SPEECH]"]);
// `-time yes` prints "word start end posterior" lines after each utterance's hypothesis line.
const WORD_LINE = /^(\S+) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;

/** The word lines of `pocketsphinx_continuous -time yes`, without fillers and pronunciation variants. */
export function parsePocketsphinxWords(stdout: string): Word[] {
  const words: Word[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, token = "", start, end, posterior] = match;
    if (FILLERS.has(token) || /^\[.*\]$/.test(token) || /^\+\+?.*\+\+?$/.test(token)) continue;
    // "to(3)" is the third pronunciation of "to" in the dictionary.
    const word = token.replace(/\(\d+\)$/, "");
    const s = Number(start);
    const e = Number(end);
    if (!word || !Number.isFinite(s) || !Number.isFinite(e)) continue;
    // Posteriors come out a hair above 1 ("1.000300") from rounding in log space.
    const score = Math.min(1, Math.max(0, Number(posterior) || 0));
    words.push({ word, start: Math.max(0, s), end: Math.max(0, s, e), score });
  }
  return words;
}

/**
 * CMU pocketsphinx through its `pocketsphinx_continuous` program, with the model, language model
 * and dictionary it was built to default to (Debian's pocketsphinx-en-us). English only.
 */
export function createPocketsphinx(bin: string): Asr {
  return {
    name: "pocketsphinx",
    async transcribe(wav, opts): Promise<Transcription> {
      const language = toLanguageCode(opts.language);
      if (language !== null && language !== "en") {
        throw new Error(
          `pocketsphinx recognises English only; cannot transcribe language "${opts.language}" (use whisper-cpp or openai)`,
        );
      }
      await assertWav16kMono(wav);
      const { stdout } = await run(bin, ["-infile", wav, "-time", "yes", "-logfn", "/dev/null"], {
        timeoutMs: opts.timeoutMs,
        signal: opts.signal,
      });
      const words = parsePocketsphinxWords(stdout);
      return { language: "en", segments: groupWords(words), words };
    },
  };
}
