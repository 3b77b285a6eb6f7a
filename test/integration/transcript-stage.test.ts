import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Asr, Transcription } from "../../adapters/asr/index.js";
import { findOnPath } from "../../adapters/binaries.js";
import { createFfmpeg } from "../../adapters/ffmpeg.js";
import { type Adapters, noTools } from "../../adapters/index.js";
import { ProcessError } from "../../adapters/process.js";
import { NO_VECTORS } from "../../pipeline/embedding.js";
import { createQueues } from "../../pipeline/queues.js";
import { transcriptStage } from "../../pipeline/stages/transcript.js";
import type { StageDeps, StageItem } from "../../pipeline/stages/types.js";
import { loadConfig } from "../../state/config.js";
import { silentLogger } from "../../state/logger.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { OFFLINE } from "../support/env.js";
import { makeTimecodedClip } from "../support/media.js";
import { needTools } from "../support/tools.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const SPEECH: Transcription = {
  language: "en",
  segments: [{ start: 0, end: 1.5, text: "the harbour at night" }],
  words: [
    { word: "the", start: 0, end: 0.2, score: 0.9 },
    { word: "harbour", start: 0.2, end: 0.7, score: 0.9 },
    { word: "at", start: 0.7, end: 0.9, score: 0.9 },
    { word: "night", start: 0.9, end: 1.5, score: 0.9 },
  ],
};

/** The real ffmpeg: the stage's audio extraction and silence detection run on real files. */
const ffmpeg = () => createFfmpeg(findOnPath("ffmpeg") ?? "ffmpeg");

function fakeAsr(transcribe: Asr["transcribe"]): Asr {
  return { name: "pocketsphinx", transcribe };
}

/** `a.mp4` is a real 4 s clip with sound, or (`garbage`) a file no decoder can read. */
async function setup(adapters: Partial<Adapters>, media: "clip" | "garbage" = "clip") {
  const root = await mkdtemp(join(tmpdir(), "svc-transcript-"));
  if (media === "clip") await makeTimecodedClip(root, "a.mp4", { seconds: 4 });
  else await writeFile(join(root, "a.mp4"), "these bytes are no audio stream at all");
  const store: LibraryStore = openLibrary(root);
  cleanups.push(async () => {
    store.close();
    await rm(root, { recursive: true, force: true });
  });
  const config = loadConfig({ ...OFFLINE, SVC_HOME: join(root, "home") });
  const mediaId = store.media.saveProbe(
    { relPath: "a.mp4", kind: "video", size: 10, mtimeMs: 1, fingerprint: "f" },
    {
      duration_s: 4,
      codec: "h264",
      audio_codec: "aac",
      fps: 25,
      width: 320,
      height: 240,
      start_timecode: null,
      audio_tracks: 1,
      creation_date: null,
      metadata_json: null,
    },
    { stage: "probe", status: "done", detail: null, startedAt: new Date().toISOString(), elapsedMs: 1 },
  );
  const deps: StageDeps = {
    config,
    adapters: { ...noTools(config), ...adapters },
    store,
    log: silentLogger(),
    options: { refresh: false, regenerateThumbnails: false, noEmbed: false },
    models: { vision: { ok: false, reason: "off" }, embed: { ok: false, reason: "off" } },
    vectors: NO_VECTORS,
    queues: createQueues(config),
  };
  const item: StageItem = {
    mediaId,
    relPath: "a.mp4",
    absPath: join(root, "a.mp4"),
    input: { path: join(root, "a.mp4"), inputOptions: [], display: "" },
    kind: "video",
    durationS: 4,
  };
  return { store, deps, item };
}

const signal = () => new AbortController().signal;

describe.skipIf(!needTools("ffmpeg"))("transcript stage", () => {
  it("records an honest not_configured without a recogniser", async () => {
    const { deps, item } = await setup({
      asr: null,
      asrReason: "speech recognition is turned off (SVC_ASR=none)",
    });
    expect(await transcriptStage.run(item, deps, signal())).toEqual({
      status: "not_configured",
      detail: "speech recognition is turned off (SVC_ASR=none)",
    });
  });

  it("archives the transcription and makes it active", async () => {
    const { store, deps, item } = await setup({
      ffmpeg: ffmpeg(),
      asr: fakeAsr(async () => SPEECH),
    });
    const result = await transcriptStage.run(item, deps, signal());
    expect(result.status).toBe("done");
    expect(store.media.get(item.mediaId)).toMatchObject({
      transcript: "the harbour at night",
      language: "en",
    });
    expect(store.transcripts.forMedia(item.mediaId)).toEqual([
      expect.objectContaining({ language: "en", backend: "pocketsphinx" }),
    ]);
  });

  it("keeps a good transcript when a later decode finds no speech", async () => {
    const { store, deps, item } = await setup({
      ffmpeg: ffmpeg(),
      asr: fakeAsr(async () => SPEECH),
    });
    await transcriptStage.run(item, deps, signal());
    const empty = {
      ...deps,
      adapters: { ...deps.adapters, asr: fakeAsr(async () => ({ language: "en", segments: [], words: [] })) },
    };
    const result = await transcriptStage.run(item, empty, signal());
    expect(result).toMatchObject({
      status: "done",
      detail: expect.stringMatching(/no speech found.*earlier transcript is kept/),
    });
    expect(store.media.get(item.mediaId)?.transcript).toBe("the harbour at night");
  });

  it("skips an item whose audio ffmpeg cannot decode, so vision and embeddings still run", async () => {
    const { store, deps, item } = await setup(
      { ffmpeg: ffmpeg(), asr: fakeAsr(async () => SPEECH) },
      "garbage",
    );
    const result = await transcriptStage.run(item, deps, signal());
    expect(result).toMatchObject({
      status: "skipped",
      detail: expect.stringMatching(/audio cannot be decoded/),
    });
    expect(store.media.get(item.mediaId)?.transcript).toBeNull();
  });

  it("fails (to be retried) when the recogniser itself fails", async () => {
    const { deps, item } = await setup({
      ffmpeg: ffmpeg(),
      asr: fakeAsr(async () => {
        throw new ProcessError(
          "pocketsphinx_continuous exited with code 1: out of memory",
          "pocketsphinx_continuous",
          "failed",
        );
      }),
    });
    await expect(transcriptStage.run(item, deps, signal())).rejects.toThrow(/pocketsphinx_continuous exited/);
  });
});
