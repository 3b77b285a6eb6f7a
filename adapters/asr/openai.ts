import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import { deadline } from "../deadline.js";
import { groupWords } from "./group.js";
import { toLanguageCode } from "./language.js";
import { type Asr, promptOf, type Segment, type Transcription, type Word } from "./types.js";
import { assertWav16kMono } from "./wav.js";

const word = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  probability: z.number().nullable().optional(),
});
const schema = z.object({
  language: z.string().nullable().optional(),
  duration: z.number().nullable().optional(),
  text: z.string().nullable().optional(),
  segments: z
    .array(
      z.object({
        start: z.number(),
        end: z.number(),
        text: z.string(),
        // faster-whisper servers nest the words in their segments instead of a top-level list.
        words: z.array(word).nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
  words: z.array(word).nullable().optional(),
});

const MODEL = "whisper-1";
const ERROR_SNIPPET = 300;

/** `SVC_ASR_URL` may be the server root or already end in `/v1`. */
export function transcriptionsUrl(base: string): string {
  const root = base.replace(/\/+$/, "");
  return `${root.endsWith("/v1") ? root : `${root}/v1`}/audio/transcriptions`;
}

const clampTimes = <T extends { start: number; end: number }>(t: T): T => {
  const start = Math.max(0, t.start);
  return { ...t, start, end: Math.max(start, t.end) };
};

/** Parses a `verbose_json` transcription (OpenAI, faster-whisper servers, whisper.cpp's server, LocalAI). */
export function parseVerboseJson(json: unknown, audioDurationS: number): Transcription {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `the transcription server's answer is not verbose_json: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
    );
  }
  const body = parsed.data;
  const rawWords = body.words ?? (body.segments ?? []).flatMap((s) => s.words ?? []);
  const words: Word[] = rawWords
    .map((w) => clampTimes({ word: w.word.trim(), start: w.start, end: w.end, score: w.probability ?? 1 }))
    .filter((w) => w.word !== "")
    .map((w) => ({ ...w, score: Math.min(1, Math.max(0, w.score)) }));
  let segments: Segment[] = (body.segments ?? []).map((s) =>
    clampTimes({ start: s.start, end: s.end, text: s.text.trim() }),
  );
  if (segments.length === 0 && words.length > 0) segments = groupWords(words);
  const text = body.text?.trim() ?? "";
  if (segments.length === 0 && text !== "") {
    segments = [{ start: 0, end: body.duration ?? audioDurationS, text }];
  }
  return { language: toLanguageCode(body.language), segments, words };
}

/** How a request to a transcription server failed: pools of servers act on the kind. */
export class AsrServerError extends Error {
  constructor(
    readonly kind: "aborted" | "timeout" | "unreachable" | "server" | "bad_response",
    message: string,
    /** The HTTP status of a `server` failure: a 5xx is the server's fault, a 4xx the request's. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "AsrServerError";
  }
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Any server with OpenAI's `POST /v1/audio/transcriptions`, asked for word and segment timestamps.
 * The WAV is streamed from disk, never read whole into memory.
 */
export function createOpenAiAsr(baseUrl: string): Asr {
  const url = transcriptionsUrl(baseUrl);
  return {
    name: "openai",
    async transcribe(wav, opts): Promise<Transcription> {
      const info = await assertWav16kMono(wav);
      const form = new FormData();
      form.append("file", await openAsBlob(wav, { type: "audio/wav" }), basename(wav));
      form.append("model", MODEL);
      form.append("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "word");
      form.append("timestamp_granularities[]", "segment");
      const language = toLanguageCode(opts.language);
      if (language) form.append("language", language);
      if (opts.hints?.length) form.append("prompt", promptOf(opts.hints));

      const limit = deadline(Math.max(1, Math.ceil(opts.timeoutMs)), opts.signal);
      const { signal } = limit;
      const failed = (error: unknown): Error => {
        if (opts.signal.aborted)
          return new AsrServerError("aborted", `transcription request to ${url} was cancelled`);
        if (signal.aborted)
          return new AsrServerError(
            "timeout",
            `transcription server ${url} timed out after ${seconds(opts.timeoutMs)}`,
          );
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? (error as Error).message;
        return new AsrServerError("unreachable", `transcription server ${url} is unreachable: ${why}`);
      };
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, { method: "POST", body: form, signal });
        text = await response.text();
      } catch (error) {
        throw failed(error);
      } finally {
        limit.clear();
      }
      if (!response.ok) {
        let message = text.slice(0, ERROR_SNIPPET);
        try {
          const detail = JSON.parse(text) as { error?: { message?: unknown } | string; detail?: unknown };
          const candidate =
            typeof detail.error === "string" ? detail.error : (detail.error?.message ?? detail.detail);
          if (typeof candidate === "string") message = candidate;
        } catch {
          // Not JSON: the raw body (trimmed) is the best explanation there is.
        }
        throw new AsrServerError(
          "server",
          `transcription server ${url} answered ${response.status} ${response.statusText}: ${message.trim() || "no message"}`,
          response.status,
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new AsrServerError(
          "bad_response",
          `transcription server ${url} answered with invalid JSON: ${text.slice(0, 120)}`,
        );
      }
      return parseVerboseJson(json, info.durationS);
    },
  };
}
