import { availableParallelism, homedir } from "node:os";
import { delimiter, isAbsolute, resolve } from "node:path";
import { z } from "zod";

/** Raised when an environment variable holds a value svc cannot use; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = "ConfigError";
  }
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const ASR_BACKENDS = ["auto", "whisper-cpp", "openai", "pocketsphinx", "none"] as const;
/** What SVC_ASR may say: a recogniser, or `auto` (the best one found) or `none`. */
export type AsrBackend = (typeof ASR_BACKENDS)[number];
const HWDECODE = ["auto", "none", "vaapi", "videotoolbox", "cuda", "qsv"] as const;

// Each helper records what docs/configuration.md shows for a variable (`default`, `allowed`); the
// entries below add a one-line `.describe()`, and `npm run docs` renders the table from them.
const text = (fallback: string, allowed = "text") =>
  z
    .string()
    .trim()
    .min(1)
    .default(fallback)
    .meta({ default: `\`${fallback}\``, allowed });
const optionalText = (allowed = "text") =>
  z.string().trim().min(1).optional().meta({ default: "unset", allowed });
const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback)
    .meta({ default: `${fallback}`, allowed: `whole number, ${min}–${max}` });
const decimal = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `expected a number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(fallback)
    .meta({ default: `${fallback}`, allowed: `number, ${min}–${max}` });
const flag = (fallback: boolean) =>
  z
    .enum(["0", "1", "true", "false", "yes", "no", "on", "off"], { error: "expected 1 or 0" })
    .transform((v) => ["1", "true", "yes", "on"].includes(v))
    .default(fallback)
    .meta({
      default: fallback ? "1" : "0",
      allowed: "`1` or `0` (also `true`/`false`, `yes`/`no`, `on`/`off`)",
    });
const url = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ""))
    .meta({ default: `\`${fallback}\``, allowed: "http:// or https:// URL" });
const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z
    .enum(values, { error: `expected one of ${values.join(", ")}` })
    .default(fallback as never)
    .meta({ default: `\`${fallback}\``, allowed: values.map((v) => `\`${v}\``).join(", ") });
const hostList = () =>
  z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.*:[\]-]+$/, "expected host names separated by commas")))
    .meta({ default: "unset", allowed: "host names separated by commas" });
const FOLDERS = "absolute folders separated like `PATH` (`:`; `;` on Windows)";

// Search threads share one mapped copy of each index, but each holds its own heap, library
// handles and per-index lookups (tens of bytes a vector): two use both cores of a small machine.
export const DEFAULT_SEARCH_THREADS = Math.min(2, availableParallelism());

const schema = z.object({
  PROJECT_ROOT: optionalText("a folder").describe(
    "the footage folder `svc ingest` works on; `svc serve` registers it as a project and makes it the default one",
  ),
  SVC_HOME: optionalText("a folder")
    .meta({ default: "`~/.svc`" })
    .describe(
      "svc's own data: the registry database (projects, tokens, bins, conversations), logs, LUTs, the licence",
    ),
  SVC_PORT: integer(8501, 0, 65535).describe(
    "the HTTP API's port (`0` picks a free one); `svc chat` and `svc open` call it",
  ),
  SVC_MCP_PORT: integer(8502, 0, 65535).describe(
    "the MCP-over-HTTP port of `svc serve` (`0` picks a free one)",
  ),
  SVC_BIND_HOST: text("127.0.0.1", "an address to listen on").describe(
    "the address the API and MCP listeners bind to; `0.0.0.0` opens them to the LAN (use tokens)",
  ),
  OLLAMA_HOST: url("http://127.0.0.1:11434").describe(
    "the model host (Ollama) serving the chat, vision and embedding models",
  ),
  SVC_CHAT_MODEL: text("qwen2.5:14b", "a model name").describe(
    "the chat model: answers chat turns, names proposed collections, and routes turns when `SVC_INTENT_MODEL` is unset",
  ),
  SVC_INTENT_MODEL: optionalText("a model name").describe(
    "an optional smaller model that only classifies chat turns",
  ),
  SVC_VISION_MODEL: text("qwen2.5vl:7b", "a model name").describe(
    "the vision model that describes key frames",
  ),
  SVC_EMBED_MODEL: text("bge-m3", "a model name").describe("the embedding model behind semantic search"),
  SVC_ASR: choice(ASR_BACKENDS, "auto").describe(
    "the speech recogniser; `auto` takes whisper.cpp when configured, else an OpenAI-compatible server when `SVC_ASR_URL` is set, else pocketsphinx when installed",
  ),
  SVC_WHISPER_BIN: optionalText("a program").describe("the whisper.cpp command-line program (`whisper-cli`)"),
  SVC_WHISPER_MODEL: optionalText("a file").describe("the whisper.cpp model (`ggml-*.bin`)"),
  SVC_ASR_URL: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .optional()
    .meta({ default: "unset", allowed: "http:// or https:// URL" })
    .describe(
      "base URL of an OpenAI-compatible `/v1/audio/transcriptions` server (faster-whisper-server, whisper.cpp's server, LocalAI)",
    ),
  SVC_PROXY_HEIGHT: integer(720, 144, 4320).describe(
    "most lines of a playback proxy; smaller sources keep theirs",
  ),
  SVC_PROXY_HWDECODE: choice(HWDECODE, "auto").describe(
    "hardware decoding for playback proxies: `auto` looks once for one that works, `none` never looks",
  ),
  SVC_EDITOR_PROXY_HEIGHT: integer(1080, 144, 1080).describe(
    "most lines of an editor proxy (ProRes 422 Proxy in `Proxy/` beside the source)",
  ),
  SVC_INGEST_HALT_STREAK: integer(5, 0, 1_000_000).describe(
    "consecutive failures that halt an ingest pass; `0` never halts",
  ),
  SVC_LUT_DIR: optionalText("a folder").describe("a folder of `.cube` LUTs offered as colour profiles"),
  SVC_ADMIN_BOOTSTRAP_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .meta({ default: "unset", allowed: "at least 16 characters" })
    .describe("a secret that seeds one `admin` token at the first `svc serve`, once"),
  SVC_ALLOWED_HOSTS: hostList().describe(
    "extra `Host` names loopback callers may use under local trust (`*.example.lan` allows subdomains)",
  ),
  SVC_TRUST_LOOPBACK: flag(true).describe(
    "callers on this machine need no token; `0` requires tokens from loopback too (a reverse proxy on the same machine)",
  ),
  SVC_TRUST_PROXY_HEADERS: flag(false).describe(
    "check the address your own reverse proxy appends to `X-Forwarded-For`/`Forwarded`; never when clients reach svc directly",
  ),
  SVC_FFMPEG: optionalText("a program")
    .meta({ default: "`PATH`, then bundled" })
    .describe("the ffmpeg program"),
  SVC_FFPROBE: optionalText("a program")
    .meta({ default: "`PATH`, then bundled" })
    .describe("the ffprobe program"),
  SVC_EXIFTOOL: optionalText("a program")
    .meta({ default: "`PATH`" })
    .describe("the exiftool program (optional: camera metadata)"),
  SVC_LOG_LEVEL: choice(LOG_LEVELS, "info").describe("what the log (stdout and `$SVC_HOME/logs/`) records"),
  SVC_CPU_CONCURRENCY: integer(Math.max(1, availableParallelism()), 1, 64)
    .meta({ default: "number of cores" })
    .describe("ffmpeg and image jobs run at once (ingest, proxies, renders)"),
  SVC_SEARCH_THREADS: integer(DEFAULT_SEARCH_THREADS, 1, 16)
    .meta({ default: "2, or 1 on a single core" })
    .describe(
      "threads answering semantic searches; they share one mapped copy of each index, each adding its own heap and lookups (a few % of the index)",
    ),
  SVC_VECTOR_SCALAR: choice(["auto", "f16", "i8"] as const, "auto").describe(
    "how vector indexes store their vectors: `auto` builds i8 and keeps it where the project's own vectors measure recall@10 ≥ 0.98 against exact search, else f16; an index saved otherwise is rebuilt in the background",
  ),
  SVC_SCENE_THRESHOLD: decimal(0.3, 0.01, 1).describe("the ffmpeg scene score that counts as a cut"),
  SVC_SYNC_MIN_CONFIDENCE: decimal(0.45, 0, 1).describe(
    "the confidence (0-1) below which sound sync claims no pair between a camera clip and a sound file (docs/sync-and-marks.md)",
  ),
  SVC_SEQUENCE_FPS: decimal(24, 1, 240).describe(
    "frames per second of an image sequence whose DPX or EXR header gives no rate (and of TIFF, PNG and JPEG sequences)",
  ),
  SVC_WATCH_SETTLE_MS: integer(2000, 50, 600_000).describe(
    "milliseconds a file's size and time must stay unchanged before the watcher ingests it",
  ),
  SVC_MODEL_CHECK_S: decimal(60, 0.1, 86_400).describe(
    "seconds between two looks for a model that ingested items wait for (one status call to the model host, made only while some wait)",
  ),
  SVC_WATCH_POLL: flag(false).describe(
    "poll folders instead of waiting for file events (network shares that send none)",
  ),
  SVC_TRASH_DAYS: integer(30, 0, 36_500).describe(
    "days a deleted file stays restorable in `.svc/trash`; `0` keeps it until `svc trash empty`",
  ),
  SVC_OFFLOAD_DESTS: optionalText(FOLDERS).describe(
    "where `svc serve` offloads camera cards that appear by themselves; unset, card watching is off",
  ),
  SVC_CARD_MOUNT_ROOTS: optionalText(FOLDERS)
    .meta({ default: "`/media/$USER:/run/media/$USER` (`/Volumes` on macOS)" })
    .describe("where new volumes (camera cards) appear"),
  SVC_OFFLOAD_SOURCES: optionalText("absolute folders separated by commas").describe(
    "folders besides the mount roots and registered projects that `POST /api/offload` may read a card from",
  ),
  SVC_MACHINE_ID: optionalText("an id")
    .meta({ default: "`/etc/machine-id` (the platform's machine id)" })
    .describe(
      "this machine's id in a project's host lease; set it where machines share one (cloned images, containers)",
    ),
  SVC_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .optional()
    .transform((v) => v?.replace(/\/+$/, ""))
    .meta({ default: "derived from `SVC_BIND_HOST` and `SVC_PORT`", allowed: "http:// or https:// URL" })
    .describe("the URL other workstations reach this svc at, written in the leases of the projects it hosts"),
  SVC_LEASE_TIMEOUT_S: decimal(60, 0.5, 86_400).describe(
    "seconds a project's host lease may go without a heartbeat before another workstation takes it over",
  ),
  SVC_HOST_ROLE: choice(["auto", "seat"] as const, "auto").describe(
    "`seat`: never take a project's host lease (a laptop that only reads through the host); `auto` hosts projects nobody hosts",
  ),
  SVC_SEAT_TOKEN: optionalText("a token's secret").describe(
    "the token this svc sends to a project's library host when it forwards a request as a seat (issued by the host's admin)",
  ),
  SVC_DISCOVERY: flag(true).describe(
    "announce this svc on the LAN with DNS-SD/mDNS (`_svc._tcp`) when it listens beyond loopback; `0` announces nothing",
  ),
  SVC_MODEL_HOSTS: optionalText("http:// or https:// URLs separated by commas")
    .meta({ default: "`OLLAMA_HOST`" })
    .describe("several model hosts (Ollama) to spread model work across; `OLLAMA_HOST` is used when unset"),
  SVC_ASR_URLS: optionalText("http:// or https:// URLs separated by commas")
    .meta({ default: "`SVC_ASR_URL`" })
    .describe("several OpenAI-compatible transcription servers to spread speech recognition across"),
  SVC_LICENCE_PUBLIC_KEY: z
    .string()
    .trim()
    .refine(
      (v) =>
        /^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/.test(v) ||
        /^[A-Za-z0-9+/]{43}=?$/.test(v),
      "expected an Ed25519 public key as PEM (SPKI) or as base64 of its raw 32 bytes",
    )
    .optional()
    .meta({ default: "unset", allowed: "Ed25519 public key: PEM (SPKI) or base64 of its raw 32 bytes" })
    .describe("an extra key licences are verified against (the licensor's own testing, key rotation)"),
});

type Env = z.infer<typeof schema>;

export interface Config {
  readonly projectRoot: string | undefined;
  readonly home: string;
  readonly port: number;
  readonly mcpPort: number;
  readonly bindHost: string;
  readonly ollamaHost: string;
  readonly models: Readonly<{ chat: string; intent: string | undefined; vision: string; embed: string }>;
  readonly asr: Readonly<{
    backend: AsrBackend;
    whisperBin: string | undefined;
    whisperModel: string | undefined;
    url: string | undefined;
  }>;
  readonly proxyHeight: number;
  readonly proxyHwDecode: (typeof HWDECODE)[number];
  readonly editorProxyHeight: number;
  readonly haltStreak: number;
  readonly lutDir: string | undefined;
  readonly adminBootstrapToken: string | undefined;
  readonly allowedHosts: readonly string[];
  readonly trustLoopback: boolean;
  readonly trustProxyHeaders: boolean;
  readonly binaries: Readonly<{
    ffmpeg: string | undefined;
    ffprobe: string | undefined;
    exiftool: string | undefined;
  }>;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly cpuConcurrency: number;
  /** Search threads of the daemon (and of a command that searches). */
  readonly searchThreads: number;
  /** How vector indexes built from now on store their vectors (state/vectors/tuning.ts). */
  readonly vectorScalar: "auto" | "f16" | "i8";
  readonly sceneThreshold: number;
  /** Sync by waveform claims nothing below this confidence (0–1). */
  readonly syncMinConfidence: number;
  /** Frames per second of an image sequence whose frames do not say. */
  readonly sequenceFps: number;
  readonly watchSettleMs: number;
  /** Milliseconds between two looks for a model that items wait for. */
  readonly modelCheckMs: number;
  readonly watchPoll: boolean;
  /** Days a deleted file stays restorable in `.svc/trash`; 0 keeps it until emptied by hand. */
  readonly trashDays: number;
  /** Where cards that arrive by themselves are offloaded; empty: card watching is off. */
  readonly offloadDests: readonly string[];
  /** Folders whose new subfolders are mounted volumes (cards), e.g. /media/$USER. */
  readonly cardMountRoots: readonly string[];
  /** Folders besides mount roots and projects that POST /api/offload may read a card from. */
  readonly offloadSources: readonly string[];
  /** This machine's id as leases name it; undefined: the platform's own. */
  readonly machineId: string | undefined;
  /** The URL other workstations reach this svc at; undefined: derived from the bind address. */
  readonly publicUrl: string | undefined;
  /** Milliseconds without a heartbeat after which a project's host lease is stale. */
  readonly leaseTimeoutMs: number;
  /** `seat`: never take a project's host lease. */
  readonly hostRole: "auto" | "seat";
  /** The secret this svc sends to a project's library host when forwarding as a seat. */
  readonly seatToken: string | undefined;
  /** Announce on the LAN with DNS-SD when listening beyond loopback. */
  readonly discovery: boolean;
  /** The model hosts work is spread across (OLLAMA_HOST alone unless SVC_MODEL_HOSTS says more). */
  readonly modelHosts: readonly string[];
  /** OpenAI-compatible transcription servers (SVC_ASR_URL alone unless SVC_ASR_URLS says more). */
  readonly asrUrls: readonly string[];
  /** An extra licence verification key (PEM SPKI or base64 of the raw 32 bytes), for the licensor. */
  readonly licencePublicKey: string | undefined;
}

/** The variables svc reads; anything else in the environment is ignored. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Env)[];

/** A list of absolute folders separated like PATH (`:` on POSIX, `;` on Windows). */
function absoluteList(variable: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  const parts = value.split(delimiter).filter((part) => part.trim() !== "");
  for (const part of parts)
    if (!isAbsolute(part) && !part.startsWith("~/"))
      throw new ConfigError(
        variable,
        `expected absolute folders separated by "${delimiter}" (got "${part}")`,
      );
  return parts.map((part) => absolute(variable, part) as string);
}

/** A comma-separated list of absolute folders (`~/` counts as absolute). */
function commaList(variable: string, value: string | undefined): string[] {
  if (value === undefined) return [];
  const parts = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const part of parts)
    if (!isAbsolute(part) && !part.startsWith("~/"))
      throw new ConfigError(variable, `expected absolute folders separated by commas (got "${part}")`);
  return parts.map((part) => absolute(variable, part) as string);
}

/** Comma-separated http(s) URLs without trailing slashes, duplicates dropped; undefined when unset. */
function urlList(variable: string, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const urls = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const url of urls)
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new ConfigError(variable, `expected http:// or https:// URLs separated by commas (got "${url}")`);
  return [...new Set(urls.map((url) => url.replace(/\/+$/, "")))];
}

/** The platform's mount roots for removable volumes of the user running svc. */
function defaultMountRoots(env: NodeJS.ProcessEnv): string[] {
  const user = env.USER ?? env.LOGNAME ?? "";
  if (process.platform === "darwin") return ["/Volumes"];
  return user ? [`/media/${user}`, `/run/media/${user}`] : ["/media", "/run/media"];
}

function absolute(variable: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.includes("\0")) throw new ConfigError(variable, "contains a NUL byte");
  return value.startsWith("~/") ? resolve(homedir(), value.slice(2)) : resolve(value);
}

/**
 * Parses the environment once into a frozen, typed object. Empty strings count as unset so a
 * service file can leave a variable blank.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, string> = {};
  for (const key of CONFIG_VARIABLES) {
    const value = env[key];
    if (value !== undefined && value !== "") raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    const got = raw[variable];
    const shown = variable === "SVC_ADMIN_BOOTSTRAP_TOKEN" || got === undefined ? "" : ` (got "${got}")`;
    throw new ConfigError(variable, `${issue?.message ?? "invalid value"}${shown}`);
  }
  const e = parsed.data;
  const config: Config = {
    projectRoot: absolute("PROJECT_ROOT", e.PROJECT_ROOT),
    home: absolute("SVC_HOME", e.SVC_HOME) ?? resolve(homedir(), ".svc"),
    port: e.SVC_PORT,
    mcpPort: e.SVC_MCP_PORT,
    bindHost: e.SVC_BIND_HOST,
    ollamaHost: e.OLLAMA_HOST,
    models: Object.freeze({
      chat: e.SVC_CHAT_MODEL,
      intent: e.SVC_INTENT_MODEL,
      vision: e.SVC_VISION_MODEL,
      embed: e.SVC_EMBED_MODEL,
    }),
    asr: Object.freeze({
      backend: e.SVC_ASR,
      whisperBin: e.SVC_WHISPER_BIN,
      whisperModel: e.SVC_WHISPER_MODEL,
      url: e.SVC_ASR_URL,
    }),
    proxyHeight: e.SVC_PROXY_HEIGHT,
    proxyHwDecode: e.SVC_PROXY_HWDECODE,
    editorProxyHeight: e.SVC_EDITOR_PROXY_HEIGHT,
    haltStreak: e.SVC_INGEST_HALT_STREAK,
    lutDir: absolute("SVC_LUT_DIR", e.SVC_LUT_DIR),
    adminBootstrapToken: e.SVC_ADMIN_BOOTSTRAP_TOKEN,
    allowedHosts: Object.freeze([...e.SVC_ALLOWED_HOSTS]),
    trustLoopback: e.SVC_TRUST_LOOPBACK,
    trustProxyHeaders: e.SVC_TRUST_PROXY_HEADERS,
    binaries: Object.freeze({
      ffmpeg: absolute("SVC_FFMPEG", e.SVC_FFMPEG),
      ffprobe: absolute("SVC_FFPROBE", e.SVC_FFPROBE),
      exiftool: absolute("SVC_EXIFTOOL", e.SVC_EXIFTOOL),
    }),
    logLevel: e.SVC_LOG_LEVEL,
    cpuConcurrency: e.SVC_CPU_CONCURRENCY,
    searchThreads: e.SVC_SEARCH_THREADS,
    vectorScalar: e.SVC_VECTOR_SCALAR,
    sceneThreshold: e.SVC_SCENE_THRESHOLD,
    syncMinConfidence: e.SVC_SYNC_MIN_CONFIDENCE,
    sequenceFps: e.SVC_SEQUENCE_FPS,
    watchSettleMs: e.SVC_WATCH_SETTLE_MS,
    modelCheckMs: Math.round(e.SVC_MODEL_CHECK_S * 1000),
    watchPoll: e.SVC_WATCH_POLL,
    trashDays: e.SVC_TRASH_DAYS,
    offloadDests: absoluteList("SVC_OFFLOAD_DESTS", e.SVC_OFFLOAD_DESTS),
    cardMountRoots: e.SVC_CARD_MOUNT_ROOTS
      ? absoluteList("SVC_CARD_MOUNT_ROOTS", e.SVC_CARD_MOUNT_ROOTS)
      : defaultMountRoots(env),
    offloadSources: commaList("SVC_OFFLOAD_SOURCES", e.SVC_OFFLOAD_SOURCES),
    licencePublicKey: e.SVC_LICENCE_PUBLIC_KEY,
    machineId: e.SVC_MACHINE_ID,
    publicUrl: e.SVC_PUBLIC_URL,
    leaseTimeoutMs: Math.round(e.SVC_LEASE_TIMEOUT_S * 1000),
    hostRole: e.SVC_HOST_ROLE,
    seatToken: e.SVC_SEAT_TOKEN,
    discovery: e.SVC_DISCOVERY,
    modelHosts: urlList("SVC_MODEL_HOSTS", e.SVC_MODEL_HOSTS) ?? [e.OLLAMA_HOST],
    asrUrls:
      urlList("SVC_ASR_URLS", e.SVC_ASR_URLS) ?? (e.SVC_ASR_URL ? [e.SVC_ASR_URL.replace(/\/+$/, "")] : []),
  };
  return Object.freeze(config);
}

const clientSchema = z.object({
  SVC_URL: z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .optional()
    .meta({ default: "`http://127.0.0.1:$SVC_PORT`", allowed: "http:// or https:// URL" })
    .describe("the running svc that `svc chat` and `svc open` talk to (`--url` wins)"),
  SVC_TOKEN: optionalText("a token's secret").describe("the token `svc chat` sends (`--token` wins)"),
  SVC_PORT: integer(8501, 0, 65535),
});

/** One row of docs/configuration.md: a variable, its default, what it accepts and what it does. */
export interface ConfigVariableDoc {
  readonly name: string;
  readonly default: string;
  readonly allowed: string;
  readonly description: string;
}

function documentation(shape: Record<string, z.ZodType>): ConfigVariableDoc[] {
  return Object.entries(shape).map(([name, variable]) => {
    const meta = variable.meta() ?? {};
    return {
      name,
      default: String(meta.default ?? "unset"),
      allowed: String(meta.allowed ?? ""),
      description: String(meta.description ?? ""),
    };
  });
}

/** The daemon's variables, then those only the client commands read, as the configuration page lists them. */
export function configDocumentation(): { daemon: ConfigVariableDoc[]; client: ConfigVariableDoc[] } {
  const { SVC_PORT: _shared, ...clientOnly } = clientSchema.shape;
  return { daemon: documentation(schema.shape), client: documentation(clientOnly) };
}

/** Where a client command (`svc chat`) finds a running daemon, and the token it sends. */
export interface ClientConfig {
  readonly url: string;
  readonly token: string | undefined;
}

/**
 * The client side of the environment: `SVC_URL` (default `http://127.0.0.1:$SVC_PORT`) and
 * `SVC_TOKEN`. Flags given on the command line win over both.
 */
export function loadClientConfig(
  env: NodeJS.ProcessEnv,
  flags: { url?: string | undefined; token?: string | undefined } = {},
): ClientConfig {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(clientSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== "") raw[key] = value;
  }
  if (flags.url !== undefined) raw.SVC_URL = flags.url;
  const parsed = clientSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? "environment");
    const name = variable === "SVC_URL" && flags.url !== undefined ? "--url" : variable;
    const shown = variable === "SVC_TOKEN" ? "" : ` (got "${raw[variable]}")`;
    throw new ConfigError(name, `${issue?.message ?? "invalid value"}${shown}`);
  }
  const e = parsed.data;
  return Object.freeze({
    url: (e.SVC_URL ?? `http://127.0.0.1:${e.SVC_PORT}`).replace(/\/+$/, ""),
    token: flags.token ?? e.SVC_TOKEN,
  });
}
