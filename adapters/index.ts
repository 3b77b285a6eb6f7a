import type { Logger } from "pino";
import type { Config } from "../state/config.js";
import type { ToolVersionCache } from "../state/tool-versions.js";
import { type Asr, type AsrServers, createAsr } from "./asr/index.js";
import { type BinarySource, type ResolvedBinary, resolveBinary, versionFlagAsker } from "./binaries.js";
import { type ChineseScript, chineseScriptLoader } from "./chinese.js";
import { createExiftool, type Exiftool } from "./exiftool.js";
import { createFfmpeg, type Ffmpeg } from "./ffmpeg.js";
import { createFfprobe, type Ffprobe } from "./ffprobe.js";
import { createImages, type Images } from "./images.js";
import { createModelHostPool, type ModelHostPool } from "./modelhost/pool.js";
import { createProxyEncoder, hwaccelProbe, type ProxyEncoder } from "./proxy-encode.js";

/** The external tools one process uses, resolved once at start-up. */
export interface Adapters {
  readonly ffmpeg: Ffmpeg | null;
  readonly ffprobe: Ffprobe | null;
  /** Playback proxies; it remembers which hardware decoder works (SVC_PROXY_HWDECODE). */
  readonly proxy: ProxyEncoder | null;
  readonly exiftool: Exiftool | null;
  readonly images: Images;
  /** The speech recogniser SVC_ASR chose, or null with the reason in `asrReason`. */
  readonly asr: Asr | null;
  readonly asrReason: string;
  /** The transcription servers of SVC_ASR_URLS when the OpenAI-compatible recogniser is in use. */
  readonly asrServers: AsrServers | null;
  /** Simplified → Traditional Chinese, loaded on first use; rejects when the converter is missing. */
  readonly chinese: () => Promise<ChineseScript>;
  /** The model hosts of SVC_MODEL_HOSTS (by default OLLAMA_HOST alone) as one. */
  readonly modelHost: ModelHostPool;
  /** What was found where, for health reports and logs (never sent over the API with paths). */
  readonly binaries: Readonly<Record<"ffmpeg" | "ffprobe" | "exiftool", ResolvedBinary | null>>;
  /** Stops the long-lived helper processes (exiftool's stay-open session). */
  close(): void;
}

/**
 * `log` hears of programs found but passed over because they do not run; `versions` spares
 * running an unchanged program again to learn that it works.
 */
export async function createAdapters(
  config: Config,
  log?: Logger,
  versions?: ToolVersionCache,
): Promise<Adapters> {
  const passedOver = (name: string) => (source: BinarySource, reason: string) =>
    log?.warn({ tool: name, source, reason }, "a copy of the program does not run; trying the next one");
  // exiftool is asked its version through the stay-open process the probes then use, so a first
  // run pays for starting Perl once, not once to learn the version and again for the first file.
  const asked = new Map<string, Exiftool>();
  const askExiftool = async (path: string) => {
    const session = createExiftool(path);
    try {
      const version = await session.version();
      asked.set(path, session);
      return version;
    } catch {
      // A wrapper that answers only a plain run is asked that way; a program that runs neither
      // way is refused there.
      session.close();
      return versionFlagAsker("-ver")(path);
    }
  };
  const [ffmpeg, ffprobe, exiftool, speech] = await Promise.all([
    resolveBinary("ffmpeg", config.binaries.ffmpeg, passedOver("ffmpeg"), versions),
    resolveBinary("ffprobe", config.binaries.ffprobe, passedOver("ffprobe"), versions),
    resolveBinary("exiftool", config.binaries.exiftool, passedOver("exiftool"), versions, askExiftool),
    createAsr({ ...config.asr, urls: config.asrUrls }),
  ]);
  await versions?.save();
  const exiftoolAdapter = exiftool ? (asked.get(exiftool.path) ?? createExiftool(exiftool.path)) : null;
  return {
    ffmpeg: ffmpeg ? createFfmpeg(ffmpeg.path) : null,
    ffprobe: ffprobe ? createFfprobe(ffprobe.path) : null,
    proxy: ffmpeg ? createProxyEncoder(ffmpeg.path, hwaccelProbe(ffmpeg.path, config.proxyHwDecode)) : null,
    exiftool: exiftoolAdapter,
    images: createImages(),
    asr: speech.asr,
    asrReason: speech.reason,
    asrServers: speech.servers ?? null,
    chinese: chineseScriptLoader(),
    modelHost: createModelHostPool({ hosts: config.modelHosts }),
    binaries: Object.freeze({ ffmpeg, ffprobe, exiftool }),
    close: () => exiftoolAdapter?.close(),
  };
}

/** For commands that never run a tool: every program reported absent. */
export function noTools(config: Config): Adapters {
  return {
    ffmpeg: null,
    ffprobe: null,
    proxy: null,
    exiftool: null,
    images: createImages(),
    asr: null,
    asrReason: "not looked for by this command",
    asrServers: null,
    chinese: chineseScriptLoader(),
    modelHost: createModelHostPool({ hosts: config.modelHosts }),
    binaries: Object.freeze({ ffmpeg: null, ffprobe: null, exiftool: null }),
    close: () => {},
  };
}
