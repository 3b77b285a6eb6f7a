import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Segment, Word } from "../../adapters/asr/index.js";
import { ProcessError, toolName } from "../../adapters/process.js";
import { parseCorrections } from "../../domain/corrections.js";
import { hintWords } from "../../formats/corrections.js";
import { readCorrectionsFile } from "../../state/corrections-file.js";
import { onCpuQueue } from "../queues.js";
import { transcribeFile } from "../transcribe.js";
import { type Stage, type StageDeps, StageError } from "./types.js";

/** The `pre` rules' words; a dictionary that cannot be read gives none (its routes say why). */
async function dictionaryHints(deps: StageDeps): Promise<string[]> {
  try {
    const text = await readCorrectionsFile(deps.store.paths);
    const parsed = text === null ? null : parseCorrections(text);
    return parsed?.ok ? hintWords(parsed.corrections.rules) : [];
  } catch {
    return [];
  }
}

/**
 * Chinese is stored in Traditional script with Taiwan phrasing: segments and words are converted
 * in place. Returns a note for the stage's detail; a missing converter keeps the recogniser's text
 * and says so.
 */
async function traditional(
  deps: StageDeps,
  language: string,
  segments: Segment[],
  words: Word[],
): Promise<string> {
  if (!/^(zh|chinese)/i.test(language)) return "";
  let script: Awaited<ReturnType<typeof deps.adapters.chinese>>;
  try {
    script = await deps.adapters.chinese();
  } catch (error) {
    deps.log.warn({ reason: (error as Error).message }, "the Chinese script converter is unavailable");
    return ", kept as recognised (the Chinese script converter is unavailable)";
  }
  // The whole transcript decides: fully Simplified by phrase, mixed by character (every piece
  // then keeps its length), Traditional untouched.
  const { how } = script.toTraditional(segments.map((segment) => segment.text).join(""));
  if (!how) return "";
  const convert = how === "phrase" ? script.byPhrase : script.byCharacter;
  let converted = 0;
  for (const segment of segments) {
    const next = convert(segment.text);
    if (next !== segment.text) converted += 1;
    segment.text = next;
  }
  for (const word of words) word.word = convert(word.word);
  return converted > 0 ? `, ${converted} segment${converted === 1 ? "" : "s"} converted to Traditional` : "";
}

/**
 * Speech to text with word timings, archived per language. An empty or silent decode keeps the
 * transcript the item already has: only a good replacement is ever written.
 */
export const transcriptStage: Stage = {
  name: "transcript",
  resource: "asr",
  async run(item, deps, signal) {
    if (item.kind === "image") return { status: "skipped", detail: "stills have no sound" };
    const { asr, ffmpeg } = deps.adapters;
    if (!asr) return { status: "not_configured", detail: deps.adapters.asrReason };
    if (!ffmpeg) throw new StageError("ffmpeg is not available");
    const row = deps.store.media.get(item.mediaId);
    if (!row) throw new StageError("the item vanished from the library during the pass");
    if (row.audio_tracks === 0) return { status: "skipped", detail: "no audio track" };
    const tmpDir = await mkdtemp(join(deps.store.paths.dataDir, ".asr-"));
    try {
      let result: Awaited<ReturnType<typeof transcribeFile>>;
      try {
        // The recogniser holds the ASR slot; the audio it reads is decoded on the CPU queue.
        result = await transcribeFile(item.input, item.durationS, {
          ffmpeg: onCpuQueue(ffmpeg, deps.queues),
          asr,
          tmpDir,
          language: deps.options.language,
          hints: await dictionaryHints(deps),
          signal,
        });
      } catch (error) {
        // Sound that ffmpeg cannot decode will not decode on the next pass either: the item goes
        // on to vision and embeddings without a transcript. A recogniser failure is retried.
        if (!signal.aborted && error instanceof ProcessError && error.tool === toolName(ffmpeg.path))
          return { status: "skipped", detail: `the audio cannot be decoded: ${error.message}` };
        throw error;
      }
      const segments = result?.segments.filter((s) => s.text.trim() !== "") ?? [];
      if (!result || segments.length === 0) {
        const kept = row.transcript?.trim() ? "; the earlier transcript is kept" : "";
        return { status: "done", detail: `no speech found (${asr.name})${kept}` };
      }
      const language = deps.options.language ?? result.language ?? "und";
      const script = await traditional(deps, language, segments, result.words);
      const text = segments.map((s) => s.text.trim()).join(" ");
      // A forced language is what the editor asked to see; otherwise a new language is archived
      // beside the active transcript rather than replacing it.
      const activate =
        deps.options.language !== undefined || !row.transcript?.trim() || row.language === language;
      deps.store.transcripts.save(
        item.mediaId,
        {
          language,
          text,
          segments_json: JSON.stringify(segments),
          words_json: JSON.stringify(result.words),
          backend: asr.name,
        },
        activate,
      );
      const n = segments.length;
      return {
        status: "done",
        detail: `${language}, ${n} segment${n === 1 ? "" : "s"}, ${result.words.length} words (${asr.name})${activate ? "" : ", archived"}${script}`,
      };
    } finally {
      await rm(tmpDir, { recursive: true, force: true });
    }
  },
};
