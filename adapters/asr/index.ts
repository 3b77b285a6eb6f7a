import { stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Config } from "../../state/config.js";
import { findOnPath, isExecutable } from "../binaries.js";
import { createPocketsphinx } from "./pocketsphinx.js";
import { type AsrServers, createAsrServers } from "./pool.js";
import type { Asr } from "./types.js";
import { createWhisperCpp } from "./whisper-cpp.js";

export type { AsrServers } from "./pool.js";
export type { Asr, AsrName, Segment, TranscribeOptions, Transcription, Word } from "./types.js";

export interface AsrSelection {
  asr: Asr | null;
  /** Which backend was chosen and why, or why there is none: shown by health and logs. */
  reason: string;
  /** The transcription servers when the OpenAI-compatible backend was chosen, for the status view. */
  servers?: AsrServers;
}

export interface AsrLookup {
  /** The PATH to search for `pocketsphinx_continuous` and a bare `SVC_WHISPER_BIN` name (default: process PATH). */
  pathVar?: string | undefined;
  /** The en-us acoustic model folder; by default `<prefix>/share/pocketsphinx/model/en-us/en-us` beside the binary. */
  pocketsphinxModelDir?: string | undefined;
  /** The transcription servers (SVC_ASR_URLS); by default SVC_ASR_URL alone. */
  urls?: readonly string[] | undefined;
}

const POCKETSPHINX_BIN = "pocketsphinx_continuous";

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

type Attempt = { asr: Asr; reason: string; servers?: AsrServers } | { asr: null; reason: string };

async function tryWhisper(config: Config["asr"], pathVar: string | undefined): Promise<Attempt> {
  const { whisperBin, whisperModel } = config;
  if (!whisperBin || !whisperModel) {
    return { asr: null, reason: "whisper-cpp needs SVC_WHISPER_BIN and SVC_WHISPER_MODEL" };
  }
  const bin = whisperBin.includes("/") ? whisperBin : (findOnPath(whisperBin, pathVar) ?? whisperBin);
  if (!isExecutable(bin)) {
    return { asr: null, reason: `SVC_WHISPER_BIN ${whisperBin} is not an executable file` };
  }
  if (!(await isFile(whisperModel))) {
    return { asr: null, reason: `SVC_WHISPER_MODEL ${whisperModel} does not exist or is not a file` };
  }
  return {
    asr: createWhisperCpp(bin, whisperModel),
    reason: `whisper.cpp (${basename(bin)}) with model ${basename(whisperModel)}`,
  };
}

const serverUrls = (config: Config["asr"] & AsrLookup): readonly string[] =>
  config.urls ?? (config.url ? [config.url] : []);

function tryOpenAi(config: Config["asr"] & AsrLookup): Attempt {
  const urls = serverUrls(config);
  if (urls.length === 0) return { asr: null, reason: "openai needs SVC_ASR_URL" };
  const servers = createAsrServers(urls);
  return {
    asr: servers.asr,
    servers,
    reason:
      urls.length === 1
        ? `OpenAI-compatible transcription server at ${urls[0]}`
        : `OpenAI-compatible transcription servers at ${urls.join(", ")}`,
  };
}

async function tryPocketsphinx(lookup: AsrLookup): Promise<Attempt> {
  const bin = findOnPath(POCKETSPHINX_BIN, lookup.pathVar ?? process.env.PATH ?? "");
  if (!bin) {
    return {
      asr: null,
      reason: `${POCKETSPHINX_BIN} is not on PATH (install the pocketsphinx and pocketsphinx-en-us packages)`,
    };
  }
  const modelDir =
    lookup.pocketsphinxModelDir ??
    join(dirname(dirname(bin)), "share", "pocketsphinx", "model", "en-us", "en-us");
  if (!(await isDirectory(modelDir))) {
    return {
      asr: null,
      reason: `pocketsphinx has no English model at ${modelDir} (install pocketsphinx-en-us)`,
    };
  }
  return {
    asr: createPocketsphinx(bin),
    reason: "pocketsphinx (offline, English only, far less accurate than Whisper)",
  };
}

/**
 * Picks the speech recogniser `SVC_ASR` asks for. `auto` takes the best one available: whisper.cpp
 * when its program and model are configured and present, then an OpenAI-compatible server when a
 * URL is set, then pocketsphinx when installed. Never throws: "none available" is a reason, not an error.
 */
export async function createAsr(config: Config["asr"] & AsrLookup): Promise<AsrSelection> {
  const pathVar = config.pathVar ?? process.env.PATH ?? "";
  const explicit = (attempt: Attempt): Attempt =>
    attempt.asr ? attempt : { asr: null, reason: `SVC_ASR=${config.backend}: ${attempt.reason}` };
  switch (config.backend) {
    case "none":
      return { asr: null, reason: "speech recognition is turned off (SVC_ASR=none)" };
    case "whisper-cpp":
      return explicit(await tryWhisper(config, pathVar));
    case "openai":
      return explicit(tryOpenAi(config));
    case "pocketsphinx":
      return explicit(await tryPocketsphinx({ ...config, pathVar }));
    case "auto": {
      // A half-configured or broken whisper.cpp is reported beside whatever is used instead.
      let note = "";
      if (config.whisperBin || config.whisperModel) {
        const whisper = await tryWhisper(config, pathVar);
        if (whisper.asr) return whisper;
        note = ` (whisper.cpp passed over: ${whisper.reason})`;
      }
      const next =
        serverUrls(config).length > 0 ? tryOpenAi(config) : await tryPocketsphinx({ ...config, pathVar });
      if (next.asr) return { ...next, reason: `${next.reason}${note}` };
      return {
        asr: null,
        reason:
          "no speech recogniser available: set SVC_WHISPER_BIN and SVC_WHISPER_MODEL, or SVC_ASR_URL, " +
          `or install pocketsphinx and pocketsphinx-en-us; ${next.reason}${note}`,
      };
    }
  }
}
