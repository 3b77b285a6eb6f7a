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

const text = (fallback: string) => z.string().trim().min(1).default(fallback);
const optionalText = () => z.string().trim().min(1).optional();
const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);
const decimal = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `expected a number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(["0", "1", "true", "false", "yes", "no", "on", "off"], { error: "expected 1 or 0" })
    .transform((v) => ["1", "true", "yes", "on"].includes(v))
    .default(fallback);
const url = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" })
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ""));
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
    .pipe(z.array(z.string().regex(/^[a-z0-9.*:[\]-]+$/, "expected host names separated by commas")));

const schema = z.object({
  PROJECT_ROOT: optionalText(),
  SVC_HOME: optionalText(),
  SVC_PORT: integer(8501, 0, 65535),
  SVC_MCP_PORT: integer(8502, 0, 65535),
  SVC_BIND_HOST: text("127.0.0.1"),
  OLLAMA_HOST: url("http://127.0.0.1:11434"),
  SVC_CHAT_MODEL: text("qwen2.5:14b"),
  SVC_INTENT_MODEL: optionalText(),
  SVC_VISION_MODEL: text("qwen2.5vl:7b"),
  SVC_EMBED_MODEL: text("bge-m3"),
  SVC_ASR: z.enum(ASR_BACKENDS, { error: `expected one of ${ASR_BACKENDS.join(", ")}` }).default("auto"),
  SVC_WHISPER_BIN: optionalText(),
  SVC_WHISPER_MODEL: optionalText(),
  SVC_ASR_URL: z.url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" }).optional(),
  SVC_PROXY_HEIGHT: integer(720, 144, 4320),
  SVC_PROXY_HWDECODE: z.enum(HWDECODE, { error: `expected one of ${HWDECODE.join(", ")}` }).default("auto"),
  SVC_EDITOR_PROXY_HEIGHT: integer(1080, 144, 1080),
  SVC_INGEST_HALT_STREAK: integer(5, 0, 1_000_000),
  SVC_LUT_DIR: optionalText(),
  SVC_ADMIN_BOOTSTRAP_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SVC_ALLOWED_HOSTS: hostList(),
  SVC_TRUST_LOOPBACK: flag(true),
  SVC_TRUST_PROXY_HEADERS: flag(false),
  SVC_FFMPEG: optionalText(),
  SVC_FFPROBE: optionalText(),
  SVC_EXIFTOOL: optionalText(),
  SVC_LOG_LEVEL: z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  SVC_CPU_CONCURRENCY: integer(Math.max(1, availableParallelism()), 1, 64),
  SVC_SCENE_THRESHOLD: decimal(0.3, 0.01, 1),
  SVC_WATCH_SETTLE_MS: integer(2000, 50, 600_000),
  SVC_WATCH_POLL: flag(false),
  SVC_TRASH_DAYS: integer(30, 0, 36_500),
  SVC_OFFLOAD_DESTS: optionalText(),
  SVC_CARD_MOUNT_ROOTS: optionalText(),
  SVC_OFFLOAD_SOURCES: optionalText(),
  SVC_LICENCE_PUBLIC_KEY: z
    .string()
    .trim()
    .refine(
      (v) =>
        /^-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----$/.test(v) ||
        /^[A-Za-z0-9+/]{43}=?$/.test(v),
      "expected an Ed25519 public key as PEM (SPKI) or as base64 of its raw 32 bytes",
    )
    .optional(),
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
  readonly sceneThreshold: number;
  readonly watchSettleMs: number;
  readonly watchPoll: boolean;
  /** Days a deleted file stays restorable in `.svc/trash`; 0 keeps it until emptied by hand. */
  readonly trashDays: number;
  /** Where cards that arrive by themselves are offloaded; empty: card watching is off. */
  readonly offloadDests: readonly string[];
  /** Folders whose new subfolders are mounted volumes (cards), e.g. /media/$USER. */
  readonly cardMountRoots: readonly string[];
  /** Folders besides mount roots and projects that POST /api/offload may read a card from. */
  readonly offloadSources: readonly string[];
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
    sceneThreshold: e.SVC_SCENE_THRESHOLD,
    watchSettleMs: e.SVC_WATCH_SETTLE_MS,
    watchPoll: e.SVC_WATCH_POLL,
    trashDays: e.SVC_TRASH_DAYS,
    offloadDests: absoluteList("SVC_OFFLOAD_DESTS", e.SVC_OFFLOAD_DESTS),
    cardMountRoots: e.SVC_CARD_MOUNT_ROOTS
      ? absoluteList("SVC_CARD_MOUNT_ROOTS", e.SVC_CARD_MOUNT_ROOTS)
      : defaultMountRoots(env),
    offloadSources: commaList("SVC_OFFLOAD_SOURCES", e.SVC_OFFLOAD_SOURCES),
    licencePublicKey: e.SVC_LICENCE_PUBLIC_KEY,
  };
  return Object.freeze(config);
}

const clientSchema = z.object({
  SVC_URL: z.url({ protocol: /^https?$/, error: "expected an http:// or https:// URL" }).optional(),
  SVC_TOKEN: optionalText(),
  SVC_PORT: integer(8501, 0, 65535),
});

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
