import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { run } from "../process.js";
import { toLanguageCode } from "./language.js";
import { type Asr, promptOf, type Segment, type Transcription, type Word } from "./types.js";
import { assertWav16kMono } from "./wav.js";

const offsets = z.object({ from: z.number(), to: z.number() });
const schema = z.object({
  params: z.object({ language: z.string() }).partial().optional(),
  result: z.object({ language: z.string() }).partial().optional(),
  transcription: z.array(
    z.object({
      offsets,
      text: z.string(),
      tokens: z
        .array(
          z.object({ text: z.string(), offsets: offsets.optional(), p: z.number().nullable().optional() }),
        )
        .optional(),
    }),
  ),
});

type Token = NonNullable<z.infer<typeof schema>["transcription"][number]["tokens"]>[number];

// "[_BEG_]", "[_TT_150]", "[_SOT_]", "[_EOT_]": whisper's control tokens as whisper.cpp names them.
const SPECIAL = /^\[_[^\]]*\]$|^<\|.*\|>$/;
// Tested on the raw bytes: a byte >= 0x80 is part of a non-ASCII letter (possibly split across tokens).
const SPOKEN = /[A-Za-z0-9\u0080-\u00ff]/;

/**
 * whisper.cpp writes each token's raw bytes, so one UTF-8 character can be split across two
 * tokens. The file is therefore decoded as latin1 (one char per byte) and each joined string is
 * turned back into UTF-8 only once its tokens are together.
 */
const utf8 = (bytes: string) => Buffer.from(bytes, "latin1").toString("utf8");

function wordsOf(tokens: readonly Token[], segStart: number, segEnd: number): Word[] {
  const words: Word[] = [];
  let text = "";
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  let probabilities: number[] = [];
  const flush = () => {
    const word = utf8(text).trim();
    if (word && SPOKEN.test(text)) {
      const known = Number.isFinite(start) && Number.isFinite(end);
      const score = probabilities.length
        ? probabilities.reduce((a, b) => a + b, 0) / probabilities.length
        : 1;
      words.push({
        word,
        start: known ? start / 1000 : segStart,
        end: known ? Math.max(start, end) / 1000 : segEnd,
        score: Math.min(1, Math.max(0, score)),
      });
    }
    text = "";
    start = Number.POSITIVE_INFINITY;
    end = Number.NEGATIVE_INFINITY;
    probabilities = [];
  };
  for (const token of tokens) {
    if (SPECIAL.test(token.text)) continue;
    // A token opening with a space starts a word; one with no letters (",", ".") ends the current one.
    if (token.text.startsWith(" ") && SPOKEN.test(token.text)) flush();
    text += token.text;
    if (token.offsets && token.offsets.from >= 0 && token.offsets.to >= 0) {
      start = Math.min(start, token.offsets.from);
      end = Math.max(end, token.offsets.to);
    }
    if (typeof token.p === "number" && Number.isFinite(token.p)) probabilities.push(token.p);
  }
  flush();
  return words;
}

/** Parses the file `whisper-cli -ojf` writes: segments, token timings and the detected language. */
export function parseWhisperJson(raw: Buffer): Transcription {
  // Control characters inside strings are written unescaped and C++ prints NaN as `nan`: both would
  // make the file invalid JSON, so they are neutralised before parsing.
  const numbersFixed = raw
    .toString("latin1")
    .replace(/:[ \t]*-?(nan|inf(inity)?)(?=,?[ \t]*\r?$)/gim, ": null");
  const text = Array.from(numbersFixed, (c) => (c.charCodeAt(0) < 0x20 ? " " : c)).join("");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`whisper.cpp wrote invalid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `whisper.cpp JSON is not in the expected -ojf format: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
    );
  }
  const segments: Segment[] = [];
  const words: Word[] = [];
  for (const segment of parsed.data.transcription) {
    const start = Math.max(0, segment.offsets.from / 1000);
    const end = Math.max(start, segment.offsets.to / 1000);
    segments.push({ start, end, text: utf8(segment.text).trim() });
    words.push(...wordsOf(segment.tokens ?? [], start, end));
  }
  const language =
    toLanguageCode(parsed.data.result?.language) ?? toLanguageCode(parsed.data.params?.language);
  return { language, segments, words };
}

/** whisper.cpp's exits 0 when it cannot read the input or the language; its "error:" lines say why. */
function whyNoOutput(stderr: string): string {
  const lines = stderr.split(/\r?\n/).map((l) => l.trim());
  const errors = lines.filter((l) => /^error:/i.test(l));
  return (errors.length ? errors : lines.filter(Boolean).slice(-2)).join(" | ") || "no message";
}

/** Temp folders of whisper.cpp runs in the system temp folder: `<prefix><pid>-<random>`. */
export const WHISPER_TEMP_PREFIX = "svc-whisper-";

/** The whisper.cpp command-line program (`whisper-cli`, formerly `main`) with a ggml model file. */
export function createWhisperCpp(bin: string, model: string): Asr {
  return {
    name: "whisper-cpp",
    async transcribe(wav, opts): Promise<Transcription> {
      await assertWav16kMono(wav);
      const language = toLanguageCode(opts.language) ?? "auto";
      // The PID in the name lets a later pass tell a crashed run's folder from a live one's.
      const outDir = await mkdtemp(join(tmpdir(), `${WHISPER_TEMP_PREFIX}${process.pid}-`));
      try {
        const prefix = join(outDir, "transcript");
        const { stderr } = await run(
          bin,
          [
            ...["-m", model, "-f", wav, "-l", language, "-oj", "-ojf", "-of", prefix, "-np"],
            ...(opts.hints?.length ? ["--prompt", promptOf(opts.hints)] : []),
          ],
          { timeoutMs: opts.timeoutMs, signal: opts.signal },
        );
        let raw: Buffer;
        try {
          raw = await readFile(`${prefix}.json`);
        } catch {
          throw new Error(`whisper.cpp wrote no transcript: ${whyNoOutput(stderr)}`);
        }
        return parseWhisperJson(raw);
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    },
  };
}
