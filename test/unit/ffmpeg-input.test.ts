import { describe, expect, it } from "vitest";
import { analyseArgs, editorProxyArgs, frameAtArgs } from "../../adapters/ffmpeg/args.js";
import type { DecodeInput } from "../../adapters/ffmpeg/input.js";
import { proxyArgs } from "../../adapters/proxy-encode.js";

const sequence: DecodeInput = {
  path: "/p/plate.%04d.dpx",
  inputOptions: ["-framerate", "24", "-start_number", "1001"],
  display: "yadif",
};

describe("a prepared decode input", () => {
  it("puts its input options before -i and its display filters first in the picture chain", () => {
    const args = frameAtArgs(sequence, 1, 320, false);
    const at = args.indexOf("-i");
    expect(args.slice(at - 4, at + 2)).toEqual([...sequence.inputOptions, "-i", sequence.path]);
    expect(args[args.indexOf("-vf") + 1]).toBe("yadif,scale='min(320,iw)':-2");
  });

  it("shows the displayed picture in the analysis samples and the playback proxy", () => {
    const graph = analyseArgs(sequence, {
      threshold: 0.3,
      sampleEveryS: 1,
      sampleWidth: 320,
      sampleDir: "/tmp/s",
      timeoutMs: 1000,
    });
    expect(graph[graph.indexOf("-filter_complex") + 1]).toContain("[keys0]fps=1/1,yadif,scale=");
    const proxy = proxyArgs({ source: sequence, out: "/o.mp4", height: 720, video: true, durationS: 1 });
    expect(proxy[proxy.indexOf("-vf") + 1]).toMatch(/^yadif,scale=/);
  });

  it("leaves the display filters out of an editor proxy, which keeps the source's geometry", () => {
    const args = editorProxyArgs(sequence, "/o.mov", { maxHeight: 1080, timecode: null, timeoutMs: 1 });
    expect(args.join(" ")).not.toContain("yadif");
    expect(args).toContain("-start_number");
  });

  it("reads a plain path as a file with nothing to add", () => {
    expect(frameAtArgs("/m/a.mov", 0, 320, false)).toContain("/m/a.mov");
    expect(frameAtArgs("/m/a.mov", 0, 320, false).join(" ")).toContain("-vf scale='min(320,iw)':-2");
  });
});
