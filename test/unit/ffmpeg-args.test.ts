import { describe, expect, it } from "vitest";
import {
  analyseArgs,
  audioPeaksArgs,
  audioStatsArgs,
  extractAudioArgs,
  frameAtArgs,
  framesAroundArgs,
  lutFilter,
  sampleArgs,
  silencesArgs,
  spriteArgs,
} from "../../adapters/ffmpeg/args.js";

const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
const PNG_PIPE = ["-f", "image2pipe", "-c:v", "png", "-"];

describe("ffmpeg command lines", () => {
  it("takes one frame, seeking on the input, scaled never up, as PNG on stdout", () => {
    const args = frameAtArgs("/in/a.mov", 1.23456, 320, false);
    expect(args.slice(0, 4)).toEqual(["-hide_banner", "-nostdin", "-v", "error"]);
    expect(args.indexOf("-ss")).toBeLessThan(args.indexOf("-i"));
    expect(valueAfter(args, "-ss")).toBe("1.235");
    expect(valueAfter(args, "-vf")).toBe("scale='min(320,iw)':-2");
    expect(args).not.toContain("-skip_frame");
    expect(args.slice(-5)).toEqual(PNG_PIPE);
  });

  it("decodes only key frames when asked, and renders through a LUT before scaling", () => {
    const args = frameAtArgs("/in/a.mov", 0, 64, true, "/luts/S-Log3.cube");
    expect(args.slice(4, 7)).toEqual(["-noaccurate_seek", "-skip_frame", "nokey"]);
    expect(valueAfter(args, "-vf")).toBe(`${lutFilter("/luts/S-Log3.cube")},scale='min(64,iw)':-2`);
  });

  it("escapes a LUT path for the option value and then for the graph", () => {
    expect(lutFilter("/l/a:b,c'd[e].cube")).toBe(
      String.raw`scale=in_range=full:out_range=full,format=gbrp16le,lut3d=file=/l/a\\:b\,c\\\'d\[e\].cube`,
    );
  });

  it("decodes the first audio track alone for its peaks: every channel at 48 kHz, 16-bit WAV on stdout", () => {
    const args = audioPeaksArgs("/in/a.wav");
    expect(valueAfter(args, "-filter_complex")).toBe("[0:a:0]aresample=48000,aformat=sample_fmts=s16[peaks]");
    expect(args.slice(-6)).toEqual(["-map", "[peaks]", "-bitexact", "-f", "wav", "pipe:1"]);
  });

  it("takes grey frames on a fixed step and refuses a step, count or width that make none", () => {
    const args = framesAroundArgs("/in/a.mov", 2, 4, 0.5, 64);
    expect(valueAfter(args, "-t")).toBe("2.000");
    expect(valueAfter(args, "-vf")).toBe("fps=2,scale=64:-2,format=gray");
    expect(valueAfter(args, "-frames:v")).toBe("4");
    expect(() => framesAroundArgs("/in/a.mov", 2, 0, 0.5, 64)).toThrow(/count ≥ 1/);
    expect(() => framesAroundArgs("/in/a.mov", 2, 4, 0, 64)).toThrow(/step > 0/);
    expect(() => framesAroundArgs("/in/a.mov", -1, 4, 0.5, 64)).toThrow(/time ≥ 0/);
    expect(() => framesAroundArgs("/in/a.mov", 2, 4, 0.5, 1)).toThrow(/width ≥ 2/);
  });

  it("extracts 16 kHz mono WAV, seeking only for a start past zero", () => {
    const whole = extractAudioArgs("/in/a.mov", "/out/a.wav", { timeoutMs: 1 });
    expect(whole).not.toContain("-ss");
    expect(whole).not.toContain("-t");
    expect(valueAfter(whole, "-map")).toBe("0:a:0");
    expect(whole.slice(-10)).toEqual([
      "-ac",
      "1",
      "-ar",
      "16000",
      "-c:a",
      "pcm_s16le",
      "-f",
      "wav",
      "-y",
      "/out/a.wav",
    ]);
    const window = extractAudioArgs("/in/a.mov", "/out/a.wav", { startS: 2.5, durationS: 10, timeoutMs: 1 });
    expect(window.slice(4, 8)).toEqual(["-ss", "2.500", "-t", "10.000"]);
    expect(extractAudioArgs("/in/a", "/o", { startS: 0, durationS: 1, timeoutMs: 1 })).not.toContain("-ss");
    expect(() => extractAudioArgs("/in/a", "/o", { startS: -1, timeoutMs: 1 })).toThrow(/start ≥ 0/);
    expect(() => extractAudioArgs("/in/a", "/o", { durationS: 0, timeoutMs: 1 })).toThrow(/duration > 0/);
  });

  it("runs silencedetect at info level with its progress line kept", () => {
    const args = silencesArgs("/in/a.mov", { noiseDb: -45, minS: 0.3, timeoutMs: 1 });
    expect(valueAfter(args, "-v")).toBe("info");
    expect(args).not.toContain("-nostats");
    expect(valueAfter(args, "-af")).toBe("silencedetect=noise=-45dB:d=0.3");
    expect(args.slice(-3)).toEqual(["-f", "null", "-"]);
    expect(() => silencesArgs("/in/a", { noiseDb: Number.NaN, minS: 0.3, timeoutMs: 1 })).toThrow(
      /noise level/,
    );
    expect(() => silencesArgs("/in/a", { noiseDb: -45, minS: 0, timeoutMs: 1 })).toThrow(/minimum length/);
  });

  it("measures a window's level, clipping and silence in one decode", () => {
    const args = audioStatsArgs("/in/a.mov", 1, 2.5);
    expect(args).toContain("-nostats");
    expect(valueAfter(args, "-ss")).toBe("1.000");
    expect(valueAfter(args, "-t")).toBe("2.500");
    const graph = valueAfter(args, "-filter_complex") ?? "";
    expect(graph.split(";")).toHaveLength(4);
    expect(graph).toContain("aeval=exprs='gte(abs(val(ch)),0.99)'");
    expect(graph).toContain("aresample=48000,silencedetect=n=-50dB:d=0.5");
    expect(valueAfter(args, "-map")).toBe("[out]");
    expect(() => audioStatsArgs("/in/a", 0, 0)).toThrow(/window inside the file/);
    expect(() => audioStatsArgs("/in/a", -1, 1)).toThrow(/window inside the file/);
  });

  it("analyses scenes and keeps sample frames, adding motion and sound branches only when asked", () => {
    const base = { threshold: 0.3, sampleEveryS: 2, sampleWidth: 320, sampleDir: "/tmp/s", timeoutMs: 1 };
    const plain = analyseArgs("/in/a.mov", base);
    const graph = (args: string[]) => (valueAfter(args, "-filter_complex") ?? "").split(";");
    expect(graph(plain)).toEqual([
      "[0:v:0]split=2[cut][keys0]",
      "[cut]select@cut='gt(scene,0.3)',metadata@cut=print,nullsink",
      "[keys0]fps=1/2,scale='min(320,iw)':-2[keys]",
    ]);
    expect(plain.slice(-7)).toEqual(["-map", "[keys]", "-q:v", "3", "-frame_pts", "1", "/tmp/s/%06d.jpg"]);
    const full = graph(analyseArgs("/in/a.mov", { ...base, motion: true, audio: true, lut: "/x.cube" }));
    expect(full[0]).toBe("[0:v:0]split=3[cut][keys0][motion]");
    expect(full[2]).toBe(`[keys0]fps=1/2,${lutFilter("/x.cube")},scale='min(320,iw)':-2[keys]`);
    expect(full[3]).toMatch(/^\[motion\]fps=5,scale=128:72,format=gray,tblend=.*metadata@motion=print/);
    // The sound's windows go to stdout as WAV too, for its clipping and peaks, counted in Node.
    expect(full[4]).toBe("[0:a:0]aresample=48000,asetnsamples=n=9600:p=0,asplit=2[level][peaks0]");
    expect(full[5]).toMatch(/ametadata@level=print,anullsink$/);
    expect(full[6]).toBe("[peaks0]aformat=sample_fmts=s16[peaks]");
    expect(full).toHaveLength(7);
    const sound = analyseArgs("/in/a.mov", { ...base, audio: true });
    expect(sound.slice(-6)).toEqual(["-map", "[peaks]", "-bitexact", "-f", "wav", "pipe:1"]);
    expect(plain).not.toContain("pipe:1");
    // Decoder threads are an input option, given only when asked for.
    expect(plain).not.toContain("-threads");
    const shared = analyseArgs("/in/a.mov", { ...base, threads: 1 });
    // The decoder skips deblocking only where no frame inherits it: an input option too.
    expect(shared.slice(shared.indexOf("-threads"), shared.indexOf("-i") + 2)).toEqual([
      "-threads",
      "1",
      "-skip_loop_filter",
      "noref",
      "-i",
      "/in/a.mov",
    ]);
  });

  it("tiles the scrub sprite from the kept frames, and alone for the backfill dropping frames before the display filters", () => {
    const base = { threshold: 0.3, sampleEveryS: 0.5, sampleWidth: 480, sampleDir: "/tmp/s", timeoutMs: 1 };
    const sprite = { file: "/tmp/s/sprite.jpg", frames: 20, durationS: 10, columns: 10, rows: 2, box: 160 };
    const args = analyseArgs("/in/a.mov", { ...base, sprite });
    const graph = (valueAfter(args, "-filter_complex") ?? "").split(";");
    expect(graph[0]).toBe("[0:v:0]split=2[cut][keys0]");
    expect(graph[2]).toBe("[keys0]fps=1/0.5,scale='min(480,iw)':-2,split=2[keys][sprite0]");
    expect(graph[3]).toBe(
      "[sprite0]fps=20/10.000,scale=160:160:force_original_aspect_ratio=decrease:force_divisible_by=2,tile=10x2[sprite]",
    );
    const out = args.slice(args.indexOf("[sprite]") - 1);
    expect(out).toEqual([
      "-map",
      "[sprite]",
      "-frames:v",
      "1",
      "-q:v",
      "8",
      "-update",
      "1",
      "-y",
      sprite.file,
    ]);
    const turned = { path: "/in/a.mov", inputOptions: ["-noautorotate"], display: "transpose=1" };
    const alone = spriteArgs(turned, sprite, { lut: "/x.cube", threads: 1 });
    expect(valueAfter(alone, "-filter_complex")).toBe(
      `[0:v:0]fps=20/10.000,transpose=1,scale=160:160:force_original_aspect_ratio=decrease:force_divisible_by=2,${lutFilter("/x.cube")},tile=10x2[sprite]`,
    );
    expect(alone).toContain("-an");
    expect(() => spriteArgs("/in/a", { ...sprite, frames: 0 }, {})).toThrow(/≥ 1 frame/);
    expect(() => spriteArgs("/in/a", { ...sprite, durationS: 0 }, {})).toThrow(/length > 0/);
  });

  it("makes each sample piece from ffmpeg's own test sources and the speech recording", () => {
    for (const piece of ["scenes-clip", "interview-clip", "still", "audio"] as const) {
      const args = sampleArgs(piece, "/s/speech.wav", "/out/piece");
      expect(args.at(-1)).toBe("/out/piece");
      expect(args.at(-2)).toBe("-y");
    }
    expect(valueAfter(sampleArgs("scenes-clip", "/s.wav", "/o"), "-t")).toBe("9");
    expect(valueAfter(sampleArgs("interview-clip", "/s.wav", "/o"), "-t")).toBe("8");
    expect(sampleArgs("still", "/s.wav", "/o")).not.toContain("/s.wav");
    expect(valueAfter(sampleArgs("audio", "/s.wav", "/o"), "-c:a")).toBe("aac");
  });
});
