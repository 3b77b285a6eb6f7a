import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAsr } from "../../adapters/asr/index.js";
import { loadConfig } from "../../state/config.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

describe("choosing a speech recogniser", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let bin: string;
  let model: string;
  let sphinxDir: string;
  let modelDir: string;
  const none = { backend: "auto", whisperBin: undefined, whisperModel: undefined, url: undefined } as const;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-asr-select-");
    bin = join(ws.base, "whisper-cli");
    await writeFile(bin, "#!/bin/sh\nexit 0\n");
    await chmod(bin, 0o755);
    model = join(ws.base, "ggml-base.bin");
    await writeFile(model, "model");
    sphinxDir = join(ws.base, "bin");
    await mkdir(sphinxDir);
    await writeFile(join(sphinxDir, "pocketsphinx_continuous"), "#!/bin/sh\nexit 0\n");
    await chmod(join(sphinxDir, "pocketsphinx_continuous"), 0o755);
    // The model folder sits where Debian's layout puts it relative to the program: <prefix>/share/…
    modelDir = join(ws.base, "share", "pocketsphinx", "model", "en-us", "en-us");
    await mkdir(modelDir, { recursive: true });
  });
  afterAll(() => ws.cleanup());

  it("accepts SVC_ASR=pocketsphinx in the configuration", () => {
    expect(loadConfig({ SVC_ASR: "pocketsphinx" }).asr.backend).toBe("pocketsphinx");
  });

  it("auto prefers whisper.cpp, then a server, then pocketsphinx", async () => {
    const whisper = await createAsr({
      ...none,
      whisperBin: bin,
      whisperModel: model,
      url: "http://127.0.0.1:9",
    });
    expect(whisper.asr?.name).toBe("whisper-cpp");
    expect(whisper.reason).toMatch(/ggml-base\.bin/);
    const server = await createAsr({ ...none, url: "http://127.0.0.1:9", pathVar: sphinxDir });
    expect(server.asr?.name).toBe("openai");
    const sphinx = await createAsr({ ...none, pathVar: sphinxDir });
    expect(sphinx.asr?.name).toBe("pocketsphinx");
    expect(sphinx.reason).toMatch(/English only/);
  });

  it("auto reports a broken whisper.cpp setting beside what it used instead", async () => {
    const missing = join(ws.base, "missing.bin");
    const result = await createAsr({ ...none, whisperBin: bin, whisperModel: missing, pathVar: sphinxDir });
    expect(result.asr?.name).toBe("pocketsphinx");
    expect(result.reason).toContain(missing);
  });

  it("auto with nothing installed says what to install", async () => {
    const result = await createAsr({ ...none, pathVar: join(ws.base, "empty") });
    expect(result.asr).toBeNull();
    expect(result.reason).toMatch(/SVC_WHISPER_BIN.*SVC_ASR_URL.*pocketsphinx-en-us/);
    const noModel = await createAsr({
      ...none,
      pathVar: sphinxDir,
      pocketsphinxModelDir: join(ws.base, "nope"),
    });
    expect(noModel.asr).toBeNull();
    expect(noModel.reason).toMatch(/no English model/);
  });

  it("an explicit backend is used or refused with the reason, never swapped", async () => {
    const w = await createAsr({
      ...none,
      backend: "whisper-cpp",
      url: "http://127.0.0.1:9",
      pathVar: sphinxDir,
    });
    expect(w.asr).toBeNull();
    expect(w.reason).toBe("SVC_ASR=whisper-cpp: whisper-cpp needs SVC_WHISPER_BIN and SVC_WHISPER_MODEL");
    const notExecutable = await createAsr({
      ...none,
      backend: "whisper-cpp",
      whisperBin: model,
      whisperModel: model,
    });
    expect(notExecutable.asr).toBeNull();
    expect(notExecutable.reason).toMatch(/not an executable file/);
    const o = await createAsr({ ...none, backend: "openai", pathVar: sphinxDir });
    expect(o).toEqual({ asr: null, reason: "SVC_ASR=openai: openai needs SVC_ASR_URL" });
    const p = await createAsr({ ...none, backend: "pocketsphinx", pathVar: join(ws.base, "empty") });
    expect(p.asr).toBeNull();
    expect(p.reason).toMatch(/pocketsphinx_continuous is not on PATH/);
    expect((await createAsr({ ...none, backend: "pocketsphinx", pathVar: sphinxDir })).asr?.name).toBe(
      "pocketsphinx",
    );
    expect(await createAsr({ ...none, backend: "none", whisperBin: bin, whisperModel: model })).toEqual({
      asr: null,
      reason: "speech recognition is turned off (SVC_ASR=none)",
    });
  });

  it.skipIf(!needTools("pocketsphinx_continuous"))(
    "finds the installed pocketsphinx and its model",
    async () => {
      const result = await createAsr({ ...none, backend: "pocketsphinx" });
      expect(result.asr?.name).toBe("pocketsphinx");
    },
  );
});
