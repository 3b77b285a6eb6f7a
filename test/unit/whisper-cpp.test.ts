import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWhisperCpp, parseWhisperJson } from "../../adapters/asr/whisper-cpp.js";
import { ff, signal, TIMEOUT_MS } from "../support/speech.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

/**
 * whisper.cpp's command line is driven here by a stand-in script that records its arguments and
 * writes a hand-built `-ojf` JSON file: this checks how svc calls the program and parses its output.
 * The real whisper.cpp binary and model are not exercised by the test suite.
 */
/** A realistic `whisper-cli -ojf` file, laid out the way whisper.cpp's output_json writes it. */
function whisperJson(language: string): Buffer {
  type Tok = [text: string, from: number, to: number, id: number, p: number];
  const segments: { from: number; to: number; text: string; tokens: Tok[] }[] = [
    {
      from: 0,
      to: 2400,
      text: " The quick brown fox jumps.",
      tokens: [
        ["[_BEG_]", 0, 0, 50364, 0.98],
        [" The", 0, 320, 440, 0.95],
        [" quick", 320, 700, 1702, 0.9],
        [" brown", 700, 1100, 3699, 0.85],
        [" fox", 1100, 1500, 21026, 0.99],
        [" jum", 1500, 1800, 29238, 0.7],
        ["ps", 1800, 2100, 1878, 0.9],
        [".", 2100, 2200, 13, 0.6],
        ["[_TT_120]", 2400, 2400, 50484, 0.2],
      ],
    },
    {
      from: 2400,
      to: 4000,
      // "café" with its "é" (0xC3 0xA9) split across two tokens, as whisper.cpp writes raw bytes.
      text: Buffer.from(" Meet me at the café", "utf8").toString("latin1"),
      tokens: [
        ["[_BEG_]", 2400, 2400, 50364, 0.9],
        [" Meet", 2400, 2700, 15506, 0.8],
        [" me", 2700, 2900, 385, 0.9],
        [" at", 2900, 3100, 412, 0.9],
        [" the", 3100, 3300, 264, 0.95],
        [" caf", 3300, 3600, 13133, 0.8],
        ["\u00c3", 3600, 3700, 2481, 0.5],
        ["\u00a9", 3700, 3900, 2481, 0.5],
        ["[_TT_200]", 4000, 4000, 50564, 0.1],
      ],
    },
  ];
  const ts = (ms: number) => {
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor(ms / 60_000) % 60;
    const s = Math.floor(ms / 1000) % 60;
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
  };
  const t = (n: number) => "\t".repeat(n);
  const times = (indent: number, from: number, to: number) =>
    `${t(indent)}"timestamps": {\n${t(indent + 1)}"from": "${ts(from)}",\n${t(indent + 1)}"to": "${ts(to)}"\n${t(indent)}},\n` +
    `${t(indent)}"offsets": {\n${t(indent + 1)}"from": ${from},\n${t(indent + 1)}"to": ${to}\n${t(indent)}},\n`;
  const body = segments
    .map((seg, i) => {
      const tokens = seg.tokens
        .map(
          ([text, from, to, id, p], j) =>
            `${t(4)}{\n${t(5)}"text": "${text}",\n${times(5, from, to)}${t(5)}"id": ${id},\n${t(5)}"p": ${p},\n${t(5)}"t_dtw": -1\n${t(4)}}${j === seg.tokens.length - 1 ? "" : ","}\n`,
        )
        .join("");
      return `${t(2)}{\n${times(3, seg.from, seg.to)}${t(3)}"text": "${seg.text}",\n${t(3)}"tokens": [\n${tokens}${t(3)}]\n${t(2)}}${i === segments.length - 1 ? "" : ","}\n`;
    })
    .join("");
  const text =
    `{\n${t(1)}"systeminfo": "AVX = 1 | AVX2 = 1 | AVX512 = 0 | FMA = 1 | NEON = 0 | ARM_FMA = 0 | F16C = 1 | SSE3 = 1 | SSSE3 = 1 | VSX = 0 | ",\n` +
    `${t(1)}"model": {\n${t(2)}"type": "base",\n${t(2)}"multilingual": true,\n${t(2)}"vocab": 51865,\n` +
    `${t(2)}"audio": {\n${t(3)}"ctx": 1500,\n${t(3)}"state": 512,\n${t(3)}"head": 8,\n${t(3)}"layer": 6\n${t(2)}},\n` +
    `${t(2)}"text": {\n${t(3)}"ctx": 448,\n${t(3)}"state": 512,\n${t(3)}"head": 8,\n${t(3)}"layer": 6\n${t(2)}},\n` +
    `${t(2)}"mels": 80,\n${t(2)}"ftype": 1\n${t(1)}},\n` +
    `${t(1)}"params": {\n${t(2)}"model": "models/ggml-base.bin",\n${t(2)}"language": "auto",\n${t(2)}"translate": false\n${t(1)}},\n` +
    `${t(1)}"result": {\n${t(2)}"language": "${language}"\n${t(1)}},\n` +
    `${t(1)}"transcription": [\n${body}${t(1)}]\n}\n`;
  return Buffer.from(text, "latin1");
}

describe.skipIf(!needTools("ffmpeg", "sh"))("whisper.cpp command line", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let wav: string;
  let model: string;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-asr-whisper-");
    wav = join(ws.base, "speech.wav");
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=200:sample_rate=16000:duration=4"],
      ...["-ac", "1", "-c:a", "pcm_s16le", wav],
    ]);
    model = join(ws.base, "ggml-base.bin");
    await writeFile(model, "not really a model");
  });
  afterAll(() => ws.cleanup());

  /** A stand-in `whisper-cli` that records its arguments and writes `fixture` to `<-of>.json`. */
  async function fakeWhisper(name: string, fixture: Buffer | null, stderr = ""): Promise<string> {
    const dir = join(ws.base, name);
    await mkdir(dir);
    if (fixture) await writeFile(join(dir, "fixture.json"), fixture);
    const bin = join(dir, "whisper-cli");
    await writeFile(
      bin,
      [
        "#!/bin/sh",
        'here="$(dirname "$0")"',
        'printf "%s\\n" "$@" > "$here/args.txt"',
        'out=""',
        'while [ $# -gt 0 ]; do if [ "$1" = "-of" ]; then out="$2"; shift; fi; shift; done',
        stderr ? `echo "${stderr}" >&2` : "",
        fixture ? 'cp "$here/fixture.json" "$out.json"' : "",
        "exit 0",
        "",
      ].join("\n"),
    );
    await chmod(bin, 0o755);
    return bin;
  }

  const argsOf = async (bin: string) =>
    (await readFile(join(bin, "..", "args.txt"), "utf8")).trim().split("\n");

  it("runs with full JSON output and joins sub-word tokens into timed words", async () => {
    const bin = await fakeWhisper("ok", whisperJson("en"));
    const t = await createWhisperCpp(bin, model).transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS });
    const args = await argsOf(bin);
    expect(args.slice(0, 6)).toEqual(["-m", model, "-f", wav, "-l", "auto"]);
    expect(args).toEqual(expect.arrayContaining(["-oj", "-ojf", "-of"]));
    expect(t.language).toBe("en");
    expect(t.segments).toEqual([
      { start: 0, end: 2.4, text: "The quick brown fox jumps." },
      { start: 2.4, end: 4, text: "Meet me at the café" },
    ]);
    expect(t.words.map((w) => w.word)).toEqual([
      "The",
      "quick",
      "brown",
      "fox",
      "jumps.",
      "Meet",
      "me",
      "at",
      "the",
      "café",
    ]);
    const jumps = t.words[4];
    expect(jumps?.start).toBeCloseTo(1.5, 5);
    expect(jumps?.end).toBeCloseTo(2.2, 5);
    expect(jumps?.score).toBeCloseTo((0.7 + 0.9 + 0.6) / 3, 5);
    expect(t.words[9]).toMatchObject({ start: 3.3, end: 3.9 });
    // whisper.cpp's output file lived in a temp folder of its own, now gone.
    const outPrefix = args[args.indexOf("-of") + 1] ?? "";
    await expect(readFile(`${outPrefix}.json`)).rejects.toThrow();
  });

  it("passes a forced language and reports the detected one as a code", async () => {
    const bin = await fakeWhisper("fr", whisperJson("fr"));
    const t = await createWhisperCpp(bin, model).transcribe(wav, {
      language: "French",
      signal: signal(),
      timeoutMs: TIMEOUT_MS,
    });
    expect((await argsOf(bin)).slice(4, 6)).toEqual(["-l", "fr"]);
    expect(t.language).toBe("fr");
  });

  it("gives hint words as its prompt, and no prompt without them", async () => {
    const bin = await fakeWhisper("hints", whisperJson("en"));
    await createWhisperCpp(bin, model).transcribe(wav, {
      hints: ["John Smith", "ACME"],
      signal: signal(),
      timeoutMs: TIMEOUT_MS,
    });
    const args = await argsOf(bin);
    expect(args[args.indexOf("--prompt") + 1]).toBe("John Smith, ACME");
    const plain = await fakeWhisper("no-hints", whisperJson("en"));
    await createWhisperCpp(plain, model).transcribe(wav, {
      hints: [],
      signal: signal(),
      timeoutMs: TIMEOUT_MS,
    });
    expect(await argsOf(plain)).not.toContain("--prompt");
  });

  it("explains a run that wrote no transcript", async () => {
    const bin = await fakeWhisper("broken", null, `error: failed to read WAV file '${wav}'`);
    await expect(
      createWhisperCpp(bin, model).transcribe(wav, { signal: signal(), timeoutMs: TIMEOUT_MS }),
    ).rejects.toThrow(/wrote no transcript: error: failed to read WAV file/);
  });

  it("survives NaN probabilities and rejects a file that is not -ojf JSON", () => {
    const withNan = Buffer.from(
      whisperJson("en").toString("latin1").replace('"p": 0.95,', '"p": nan,'),
      "latin1",
    );
    expect(parseWhisperJson(withNan).words[0]).toMatchObject({ word: "The", score: 1 });
    expect(() => parseWhisperJson(Buffer.from("{"))).toThrow(/invalid JSON/);
    expect(() => parseWhisperJson(Buffer.from('{"transcription": 3}'))).toThrow(/expected -ojf format/);
  });
});
