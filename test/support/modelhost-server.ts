import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import sharp from "sharp";

/**
 * A stand-in for Ollama that speaks its HTTP API (/api/tags, /api/show, /api/embed, /api/embeddings,
 * /api/chat, /api/generate, /api/version), so tests exercise the production `ollama` client over real
 * HTTP. Answers are deterministic and carry meaning: embeddings are hashed word features, and answers
 * to a JSON schema follow the schema and depend on the image sent. A test tool only.
 */

export interface FakeModelHostOptions {
  models?: string[];
  dim?: number;
  latencyMs?: number;
  /** The loopback port to listen on; 0 (the default) picks a free one. */
  port?: number;
}

export type FakeFailureMode = "500" | "404" | "timeout" | "malformed" | "wrong_dim";

/** A /api/chat request as a script sees it. */
export interface ChatScriptRequest {
  model: string;
  messages: { role: string; content: string }[];
  format: unknown;
}

/** What the host says to a chat request: the message content, or undefined for the default answer. */
export type ChatScript = (request: ChatScriptRequest) => string | undefined;

export interface FakeModelHost {
  url: string;
  /** Every request received, in order, failed ones included. */
  requests: { path: string; body: unknown }[];
  /** The paths of requests whose client went away before the answer was sent, in order. */
  abandoned: string[];
  setModels(models: string[]): void;
  /** The next `times` requests to `path` (e.g. "/api/embed") fail in the given way. */
  failNext(path: string, mode: FakeFailureMode, times?: number): void;
  /** Forgets the failures queued for `path` that no request has used up yet. */
  clearFailures(path: string): void;
  setDim(dim: number): void;
  /** Scripts /api/chat answers (an intent for a classifier, a reply with citations…); null restores the default. */
  setChatScript(script: ChatScript | null): void;
  /** Delay before every answer from now on (a slow host). */
  setLatency(ms: number): void;
  /** Serves another build of every model: new digests, and embeddings that differ from the last build's. */
  setRevision(revision: number): void;
  /** Stops listening and drops open connections; models, failures and the request log stay. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_MODELS = ["bge-m3", "qwen2.5:14b", "qwen2.5vl:7b"];
const DEFAULT_DIM = 1024;
const MAX_BODY = 64 * 1024 * 1024;

const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have he her his in into is it its of on or she that the their them they this to was were with".split(
    " ",
  ),
);

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && !STOP_WORDS.has(w));
}

/**
 * Signed feature hashing of the words and their "s"-trimmed stems, L2-normalised: texts sharing
 * words point the same way, unrelated texts are near-orthogonal in high dimensions.
 */
export function fakeEmbedding(text: string, dim: number): number[] {
  if (!Number.isInteger(dim) || dim < 1) throw new RangeError(`embedding dimension must be >= 1, got ${dim}`);
  const vector = new Array<number>(dim).fill(0);
  for (const word of contentWords(text)) {
    const features =
      word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? [word, word.slice(0, -1)] : [word];
    for (const feature of features) {
      const bucket = fnv1a(feature) % dim;
      vector[bucket] = (vector[bucket] ?? 0) + (fnv1a(`sign:${feature}`) & 1 ? 1 : -1);
    }
  }
  let norm = 0;
  for (const x of vector) norm += x * x;
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  norm = Math.sqrt(norm);
  return vector.map((x) => x / norm);
}

function canonicalName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf("/") + 1).includes(":") ? lower : `${lower}:latest`;
}

function capabilities(name: string): string[] {
  if (/embed|bge|minilm|e5|gte|arctic/i.test(name)) return ["embedding"];
  if (/vl\b|vl:|llava|vision|moondream|gemma3/i.test(name)) return ["completion", "vision"];
  return ["completion"];
}

function family(name: string): string {
  return (
    canonicalName(name)
      .replace(/^.*\//, "")
      .split(/[:.\d-]/)[0] || "llama"
  );
}

interface ImageFacts {
  colour: string;
  light: "bright" | "dark";
  vivid: boolean;
  warm: boolean;
  brightness: number;
  saturation: number;
  hue: number;
}

const LIGHT_WORDS: Record<ImageFacts["light"], string[]> = {
  bright: ["bright", "cheerful", "sunny", "light", "upbeat", "day", "daylight", "warm"],
  dark: ["dark", "moody", "gloomy", "night", "dim", "somber", "sombre", "tense", "mysterious"],
};
const ENERGY_WORDS = {
  vivid: ["high", "energetic", "intense", "vibrant", "lively", "dynamic", "fast", "action"],
  muted: ["low", "calm", "quiet", "still", "muted", "slow", "relaxed", "static"],
};

async function imageFacts(base64: string): Promise<ImageFacts> {
  const stats = await sharp(Buffer.from(base64, "base64"), { pages: 1 }).stats();
  const means = stats.channels.map((c) => c.mean / 255);
  const r = means[0] ?? 0;
  const [g, b] = means.length >= 3 ? [means[1] ?? 0, means[2] ?? 0] : [r, r];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const saturation = max === 0 ? 0 : (max - min) / max;
  let hue = 0;
  if (max !== min) {
    if (max === r) hue = (60 * ((g - b) / (max - min)) + 360) % 360;
    else if (max === g) hue = 60 * ((b - r) / (max - min)) + 120;
    else hue = 60 * ((r - g) / (max - min)) + 240;
  }
  let colour: string;
  if (saturation < 0.2) colour = max > 0.8 ? "white" : max < 0.2 ? "black" : "grey";
  else if (hue < 20 || hue >= 340) colour = "red";
  else if (hue < 45) colour = "orange";
  else if (hue < 70) colour = "yellow";
  else if (hue < 170) colour = "green";
  else if (hue < 200) colour = "cyan";
  else if (hue < 260) colour = "blue";
  else if (hue < 300) colour = "purple";
  else colour = "pink";
  return {
    colour,
    light: max >= 0.5 ? "bright" : "dark",
    vivid: saturation > 0.5,
    warm: saturation >= 0.2 && (hue < 70 || hue >= 300),
    brightness: max,
    saturation,
    hue,
  };
}

const describe = (img: ImageFacts) => `a mostly ${img.colour}, ${img.light} frame`;

type Schema = Record<string, unknown>;

interface AnswerContext {
  text: string;
  image: ImageFacts | undefined;
  root: Schema;
}

const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function firstWords(text: string, n: number): string {
  return text.split(/\s+/).filter(Boolean).slice(0, n).join(" ");
}

function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) node = isSchema(node) ? node[part] : undefined;
  return isSchema(node) ? node : {};
}

function hasWord(value: string, word: string): boolean {
  return new RegExp(`(^|[^a-z])${word}([^a-z]|$)`, "i").test(value);
}

function chooseEnum(values: unknown[], name: string, ctx: AnswerContext): unknown {
  const strings = values.filter((v): v is string => typeof v === "string");
  const { image } = ctx;
  if (image) {
    const light = LIGHT_WORDS[image.light];
    const energy = ENERGY_WORDS[image.vivid ? "vivid" : "muted"];
    const colour = [image.colour, image.warm ? "warm" : "cool"];
    let order: string[][];
    let stat: number;
    if (/energy|intens|pace|motion|tempo/i.test(name)) [order, stat] = [[energy, light], image.saturation];
    else if (/atmos|mood|tone|feel/i.test(name)) [order, stat] = [[light, colour], image.brightness];
    else [order, stat] = [[colour, light, energy], image.hue / 360];
    for (const list of order) {
      for (const word of list) {
        const hit = strings.find((v) => hasWord(v, word));
        if (hit !== undefined) return hit;
      }
    }
    return values[Math.min(values.length - 1, Math.floor(stat * values.length))];
  }
  const said = new Set(contentWords(ctx.text));
  return strings.find((v) => contentWords(v).some((w) => said.has(w))) ?? values[0];
}

function fitString(value: string, schema: Schema): string {
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength);
  const padded = value.length >= min ? value : value + ".".repeat(min - value.length);
  return max === undefined ? padded : padded.slice(0, max);
}

function stringFor(name: string, ctx: AnswerContext): string {
  const { image } = ctx;
  const echo = firstWords(ctx.text, 6) || "nothing was said";
  if (/desc/i.test(name)) return image ? describe(image) : `about ${echo}`;
  if (/reason|why|explan/i.test(name)) {
    return image ? `the ${image.light} ${image.colour} picture sets the tone` : `because of ${echo}`;
  }
  return image ? `${image.colour} ${image.light}` : echo;
}

function numberFor(schema: Schema, name: string, integer: boolean, ctx: AnswerContext): number {
  const { image } = ctx;
  let f = 0.5;
  if (image) f = /energy|intens|motion|satur|vivid/i.test(name) ? image.saturation : image.brightness;
  const exMin = num(schema.exclusiveMinimum);
  const exMax = num(schema.exclusiveMaximum);
  const step = integer ? 1 : 1e-6;
  const lo = num(schema.minimum) ?? (exMin === undefined ? undefined : exMin + step);
  const hi = num(schema.maximum) ?? (exMax === undefined ? undefined : exMax - step);
  let value: number;
  if (lo !== undefined && hi !== undefined) value = lo + (hi - lo) * f;
  else if (lo !== undefined) value = lo + f * 10;
  else if (hi !== undefined) value = hi - (1 - f) * 10;
  else value = integer ? f * 10 : f;
  if (integer) {
    value = Math.round(value);
    if (lo !== undefined) value = Math.max(Math.ceil(lo), value);
    if (hi !== undefined) value = Math.min(Math.floor(hi), value);
  }
  return value;
}

function arrayFor(schema: Schema, name: string, ctx: AnswerContext, depth: number): unknown[] {
  const items = isSchema(schema.items) ? resolveRef(schema.items, ctx.root) : {};
  const min = num(schema.minItems) ?? 0;
  const max = num(schema.maxItems) ?? Number.POSITIVE_INFINITY;
  const stringItems = (items.type === undefined || items.type === "string") && !Array.isArray(items.enum);
  if (stringItems && /tag|keyword|label|colou?r|subject/i.test(name)) {
    const words = ctx.image
      ? [ctx.image.colour, ctx.image.light]
      : [...new Set(contentWords(ctx.text))].slice(0, 3);
    if (words.length === 0) words.push("untagged");
    for (let i = 1; words.length < min; i++) words.push(`${words[0]}-${i}`);
    return words.slice(0, max).map((w) => fitString(w, items));
  }
  const n = Math.min(max, Math.max(min, 1));
  return Array.from({ length: n }, () => valueFor(items, name, ctx, depth + 1));
}

function valueFor(input: Schema, name: string, ctx: AnswerContext, depth = 0): unknown {
  if (depth > 12) return null;
  const schema = resolveRef(input, ctx.root);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return chooseEnum(schema.enum, name, ctx);
  const variants = [schema.anyOf, schema.oneOf, schema.allOf].find(Array.isArray);
  if (variants) {
    const usable = variants.filter(isSchema);
    const pick = usable.find((v) => v.type !== "null") ?? usable[0] ?? {};
    return valueFor(pick, name, ctx, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type =
    types.find((t) => typeof t === "string" && t !== "null") ??
    (types.includes("null")
      ? "null"
      : isSchema(schema.properties)
        ? "object"
        : schema.items
          ? "array"
          : "string");
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const props = isSchema(schema.properties) ? schema.properties : {};
      for (const [key, sub] of Object.entries(props)) {
        out[key] = valueFor(isSchema(sub) ? sub : {}, key, ctx, depth + 1);
      }
      return out;
    }
    case "array":
      return arrayFor(schema, name, ctx, depth);
    case "integer":
    case "number":
      return numberFor(schema, name, type === "integer", ctx);
    case "boolean":
      return ctx.image ? ctx.image.brightness >= 0.5 : true;
    case "null":
      return null;
    default:
      return fitString(stringFor(name, ctx), schema);
  }
}

/** What the fake model says: JSON that fits `format`, or a short sentence. */
function answer(format: unknown, ctx: AnswerContext): string {
  if (isSchema(format)) return JSON.stringify(valueFor(format, "", { ...ctx, root: format }));
  if (format === "json") {
    return JSON.stringify(
      ctx.image ? { description: describe(ctx.image) } : { answer: firstWords(ctx.text, 8) },
    );
  }
  if (ctx.image) return `The picture is ${describe(ctx.image)}.`;
  return `You said: ${firstWords(ctx.text, 8) || "nothing"}`;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const notFound = (model: string) => new HttpError(404, `model "${model}" not found, try pulling it first`);

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, "request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const stats = (promptTokens: number, evalTokens: number) => ({
  total_duration: 1_000_000 + evalTokens * 10_000,
  load_duration: 100_000,
  prompt_eval_count: promptTokens,
  prompt_eval_duration: promptTokens * 1_000,
  eval_count: evalTokens,
  eval_duration: evalTokens * 10_000,
});

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

export async function startFakeModelHost(options: FakeModelHostOptions = {}): Promise<FakeModelHost> {
  let models = [...(options.models ?? DEFAULT_MODELS)];
  let dim = options.dim ?? DEFAULT_DIM;
  let revision = 0;
  // A later build of a model embeds the same text a little differently.
  const embedText = (text: string, size: number) =>
    fakeEmbedding(revision === 0 ? text : `${text} build${revision}`, size);
  let latencyMs = options.latencyMs ?? 0;
  let chatScript: ChatScript | null = null;
  if (!Number.isInteger(dim) || dim < 2) throw new RangeError(`dim must be an integer >= 2, got ${dim}`);
  const failures = new Map<string, { mode: FakeFailureMode; times: number }[]>();
  const requests: { path: string; body: unknown }[] = [];
  const abandoned: string[] = [];
  let port = options.port ?? 0;
  let closed = false;

  const installed = (name: string) => models.some((m) => canonicalName(m) === canonicalName(name));

  function takeFailure(path: string): FakeFailureMode | undefined {
    const queue = failures.get(path);
    const head = queue?.[0];
    if (!queue || !head) return undefined;
    head.times -= 1;
    if (head.times <= 0) queue.shift();
    return head.mode;
  }

  function requireModel(body: Schema): string {
    const model =
      typeof body.model === "string" ? body.model : typeof body.name === "string" ? body.name : "";
    if (!model) throw new HttpError(400, "model is required");
    if (!installed(model)) throw notFound(model);
    return model;
  }

  function embedInputs(body: Schema): string[] {
    const input = body.input;
    if (input === undefined) return [];
    if (typeof input === "string") return [input];
    if (Array.isArray(input) && input.every((x) => typeof x === "string")) return input;
    throw new HttpError(400, "invalid input type");
  }

  async function completion(
    res: ServerResponse,
    kind: "chat" | "generate",
    body: Schema,
    model: string,
  ): Promise<void> {
    const createdAt = new Date().toISOString();
    const messages = Array.isArray(body.messages) ? body.messages.filter(isSchema) : [];
    const lastUser = [...messages].reverse().find((m) => m.role === "user");
    const text = kind === "chat" ? String(lastUser?.content ?? "") : String(body.prompt ?? "");
    const imagesField = kind === "chat" ? lastUser?.images : body.images;
    const images = Array.isArray(imagesField)
      ? imagesField.filter((i): i is string => typeof i === "string")
      : [];
    const emptyRequest = kind === "chat" ? messages.length === 0 : text === "" && images.length === 0;
    if (emptyRequest) {
      const doneReason = body.keep_alive === 0 || body.keep_alive === "0" ? "unload" : "load";
      const payload = kind === "chat" ? { message: { role: "assistant", content: "" } } : { response: "" };
      sendJson(res, 200, { model, created_at: createdAt, ...payload, done_reason: doneReason, done: true });
      return;
    }
    let image: ImageFacts | undefined;
    const first = images[0];
    if (first !== undefined) {
      try {
        image = await imageFacts(first);
      } catch (error) {
        throw new HttpError(400, `failed to process inputs: ${(error as Error).message}`);
      }
    }
    const scripted =
      kind === "chat" && chatScript
        ? chatScript({
            model,
            messages: messages.map((m) => ({ role: String(m.role ?? ""), content: String(m.content ?? "") })),
            format: body.format,
          })
        : undefined;
    const content = scripted ?? answer(body.format, { text, image, root: {} });
    const promptText =
      kind === "chat"
        ? messages.map((m) => String(m.content ?? "")).join(" ")
        : `${body.system ?? ""} ${text}`;
    const counts = stats(
      Math.max(1, countWords(promptText)) + images.length * 256,
      Math.max(1, countWords(content)),
    );
    const piece = (part: string) =>
      kind === "chat" ? { message: { role: "assistant", content: part } } : { response: part };
    const final = {
      model,
      created_at: createdAt,
      ...piece(body.stream === false ? content : ""),
      done_reason: "stop",
      done: true,
      ...(kind === "generate" ? { context: [1, 2, 3] } : {}),
      ...counts,
    };
    if (body.stream === false) {
      sendJson(res, 200, final);
      return;
    }
    if (res.destroyed) return;
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    for (const part of content.match(/\S+\s*|\s+/g) ?? []) {
      res.write(`${JSON.stringify({ model, created_at: createdAt, ...piece(part), done: false })}\n`);
    }
    res.end(`${JSON.stringify(final)}\n`);
  }

  function modelEntry(name: string) {
    const full = canonicalName(name);
    const digest = createHash("sha256")
      .update(revision === 0 ? full : `${full}@${revision}`)
      .digest("hex");
    return {
      name: full,
      model: full,
      modified_at: "2025-01-01T00:00:00Z",
      size: 100_000_000 + (fnv1a(full) % 1_000_000_000),
      digest,
      details: {
        parent_model: "",
        format: "gguf",
        family: family(name),
        families: [family(name)],
        parameter_size: "7B",
        quantization_level: "Q4_K_M",
      },
    };
  }

  async function route(
    method: string,
    path: string,
    body: Schema,
    res: ServerResponse,
    mode?: FakeFailureMode,
  ) {
    switch (`${method} ${path}`) {
      case "GET /":
      case "HEAD /":
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        res.end("Ollama is running");
        return;
      case "GET /api/version":
        return sendJson(res, 200, { version: "0.12.6" });
      case "GET /api/tags":
        return sendJson(res, 200, { models: models.map(modelEntry) });
      case "POST /api/show": {
        const model = requireModel(body);
        const caps = capabilities(model);
        const { details, modified_at } = modelEntry(model);
        return sendJson(res, 200, {
          license: "",
          modelfile: `# Modelfile generated by "ollama show"\nFROM ${canonicalName(model)}\n`,
          parameters: "",
          template: "{{ .Prompt }}",
          details,
          model_info: {
            "general.architecture": details.family,
            [`${details.family}.embedding_length`]: caps.includes("embedding") ? dim : 4096,
          },
          capabilities: caps,
          modified_at,
        });
      }
      case "POST /api/embed": {
        const model = requireModel(body);
        const inputs = embedInputs(body);
        const size = mode === "wrong_dim" ? dim - 1 : dim;
        return sendJson(res, 200, {
          model,
          embeddings: inputs.map((t) => embedText(t, size)),
          total_duration: 1_000_000,
          load_duration: 100_000,
          prompt_eval_count: inputs.reduce((sum, t) => sum + countWords(t), 0),
        });
      }
      case "POST /api/embeddings": {
        const model = requireModel(body);
        const prompt = typeof body.prompt === "string" ? body.prompt : "";
        const size = mode === "wrong_dim" ? dim - 1 : dim;
        return sendJson(res, 200, { embedding: prompt ? embedText(prompt, size) : [], model });
      }
      case "POST /api/chat":
        return completion(res, "chat", body, requireModel(body));
      case "POST /api/generate":
        return completion(res, "generate", body, requireModel(body));
      default:
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("404 page not found");
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const raw = await readBody(req);
    let body: unknown;
    let bodyError: string | undefined;
    if (raw.trim()) {
      try {
        body = JSON.parse(raw);
      } catch (error) {
        body = raw;
        bodyError = (error as Error).message;
      }
    }
    requests.push({ path, body });
    res.on("close", () => {
      if (!res.writableFinished) abandoned.push(path);
    });
    const mode = takeFailure(path);
    if (mode === "timeout") return;
    if (latencyMs > 0) await delay(latencyMs);
    if (mode === "500")
      return sendJson(res, 500, { error: "llama runner process has terminated: exit status 2" });
    if (mode === "404") {
      const model = isSchema(body) && typeof body.model === "string" ? body.model : "";
      return sendJson(res, 404, { error: notFound(model).message });
    }
    if (mode === "malformed") {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.end('{"model":"x","embeddings":[[0.1,0.2,');
      return;
    }
    if (req.method === "POST" && bodyError) throw new HttpError(400, `invalid request body: ${bodyError}`);
    if (req.method === "POST" && !isSchema(body)) throw new HttpError(400, "missing request body");
    await route(req.method ?? "GET", path, isSchema(body) ? body : {}, res, mode);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      sendJson(res, status, { error: error instanceof Error ? error.message : String(error) });
    });
  });

  async function listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    port = (server.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    if (!server.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  await listen();

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    abandoned,
    setModels(next) {
      models = [...next];
    },
    failNext(path, mode, times = 1) {
      if (!Number.isInteger(times) || times < 1) throw new RangeError(`times must be >= 1, got ${times}`);
      const queue = failures.get(path) ?? [];
      queue.push({ mode, times });
      failures.set(path, queue);
    },
    clearFailures(path) {
      failures.delete(path);
    },
    setChatScript(script) {
      chatScript = script;
    },
    setLatency(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`latency must be >= 0, got ${ms}`);
      latencyMs = ms;
    },
    setRevision(next) {
      revision = next;
    },
    setDim(next) {
      if (!Number.isInteger(next) || next < 2)
        throw new RangeError(`dim must be an integer >= 2, got ${next}`);
      dim = next;
    },
    stop,
    async start() {
      if (closed) throw new Error("the fake model host was closed");
      if (!server.listening) await listen();
    },
    async close() {
      closed = true;
      await stop();
    },
  };
}
