import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A stand-in for an OpenAI-compatible speech server (`POST /v1/audio/transcriptions`), so the
 * production HTTP client is what tests exercise. It reads the uploaded WAV's real length and
 * spreads a fixed list of words evenly over it, so timings are deterministic yet depend on the audio.
 */
export interface AsrServerOptions {
  /** The words "heard", spread evenly over the audio; a function can vary them per request (0, 1, …). */
  words?: readonly string[] | ((request: { index: number; durationS: number }) => readonly string[]);
  /** What the server reports as the language, as OpenAI does: a name such as "english". */
  language?: string;
  wordsPerSegment?: number;
  /** Adds a `probability` to each word, as faster-whisper servers do. */
  probabilities?: boolean;
  /** Waits this long before answering each request. */
  delayMs?: number;
}

export interface ReceivedRequest {
  model: string | null;
  responseFormat: string | null;
  granularities: string[];
  language: string | null;
  /** The `prompt` field: words the client told the recogniser to expect. */
  prompt: string | null;
  fileName: string | null;
  fileBytes: number;
  durationS: number;
}

export interface AsrTestServer {
  /** Base URL, as SVC_ASR_URL would hold it. */
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** The next request gets this status (500 by default) and an OpenAI-style error body. */
  failNext(status?: number, message?: string): void;
  close(): Promise<void>;
}

const DEFAULT_WORDS = "the harbour lights came on as the boat came in".split(" ");

/** Duration of a PCM WAV from its fmt and data chunks; null for anything else. */
function wavDurationS(bytes: Buffer): number | null {
  if (
    bytes.length < 12 ||
    bytes.toString("ascii", 0, 4) !== "RIFF" ||
    bytes.toString("ascii", 8, 12) !== "WAVE"
  ) {
    return null;
  }
  let bytesPerSecond = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString("ascii", at, at + 4);
    const length = bytes.readUInt32LE(at + 4);
    if (id === "fmt ") bytesPerSecond = bytes.readUInt32LE(at + 16);
    if (id === "data") {
      const available = Math.min(length, bytes.length - at - 8);
      return bytesPerSecond > 0 ? available / bytesPerSecond : null;
    }
    at += 8 + length + (length % 2);
  }
  return null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const openAiError = (message: string, type = "invalid_request_error") => ({
  error: { message, type, param: null, code: null },
});

export async function startAsrServer(options: AsrServerOptions = {}): Promise<AsrTestServer> {
  const perSegment = options.wordsPerSegment ?? 5;
  const requests: ReceivedRequest[] = [];
  let failure: { status: number; message: string } | null = null;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || req.url?.split("?")[0] !== "/v1/audio/transcriptions") {
      send(res, 404, openAiError(`no route ${req.method} ${req.url}`));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    let form: FormData;
    try {
      form = await new Request("http://asr.test/", {
        method: "POST",
        headers,
        body: Readable.toWeb(req) as ReadableStream,
        duplex: "half",
      } as RequestInit).formData();
    } catch {
      send(res, 400, openAiError("expected a multipart/form-data body"));
      return;
    }
    if (options.delayMs) await sleep(options.delayMs);
    const file = form.get("file");
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" ? v : null;
    };
    const bytes = file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
    const durationS = wavDurationS(bytes);
    const granularities = form.getAll("timestamp_granularities[]").filter((v) => typeof v === "string");
    requests.push({
      model: text("model"),
      responseFormat: text("response_format"),
      granularities,
      language: text("language"),
      prompt: text("prompt"),
      fileName: file instanceof File ? file.name : null,
      fileBytes: bytes.length,
      durationS: durationS ?? 0,
    });
    if (failure) {
      const { status, message } = failure;
      failure = null;
      send(res, status, openAiError(message, "server_error"));
      return;
    }
    if (!(file instanceof Blob)) return send(res, 400, openAiError("file is required"));
    if (!text("model")) return send(res, 400, openAiError("model is required"));
    if (durationS === null) return send(res, 400, openAiError("Invalid file format: expected a WAV file"));
    if (granularities.some((g) => g !== "word" && g !== "segment")) {
      return send(res, 400, openAiError(`unknown timestamp granularity ${granularities.join(",")}`));
    }
    if (granularities.length > 0 && text("response_format") !== "verbose_json") {
      return send(res, 400, openAiError("timestamp_granularities requires response_format=verbose_json"));
    }
    const language = text("language");
    if (language !== null && !/^[a-z]{2,3}$/.test(language)) {
      return send(res, 400, openAiError(`language must be an ISO-639-1 code, got ${language}`));
    }
    const words =
      typeof options.words === "function"
        ? options.words({ index: requests.length - 1, durationS })
        : (options.words ?? DEFAULT_WORDS);
    const step = durationS / Math.max(1, words.length);
    const timed = words.map((word, i) => ({
      word,
      start: Number((i * step).toFixed(3)),
      end: Number((i * step + step * 0.8).toFixed(3)),
      ...(options.probabilities ? { probability: 0.5 + (i % 5) / 10 } : {}),
    }));
    const segments = [];
    for (let i = 0; i < timed.length; i += perSegment) {
      const group = timed.slice(i, i + perSegment);
      segments.push({
        id: segments.length,
        seek: 0,
        start: group[0]?.start ?? 0,
        end: group[group.length - 1]?.end ?? 0,
        text: ` ${group.map((w) => w.word).join(" ")}`,
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
      });
    }
    const wantWords = granularities.includes("word");
    const wantSegments = granularities.length === 0 || granularities.includes("segment");
    send(res, 200, {
      task: "transcribe",
      language: options.language ?? "english",
      duration: durationS,
      text: words.join(" "),
      ...(wantSegments ? { segments } : {}),
      ...(wantWords ? { words: timed } : {}),
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, openAiError(String(error), "server_error"));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status = 500, message = "the model crashed") {
      failure = { status, message };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
