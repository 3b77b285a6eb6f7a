import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { makeH264Clip } from "../support/camera/originals.js";
import { jsonLines, svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

describe.skipIf(!hasTools)("the catch-up pass over files svc already has", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-catch-up-");
    env = ws.env();
    await Promise.all([
      makeH264Clip(ws.root, "dive/GH010300.MP4"),
      makeH264Clip(ws.root, "dive/GH020300.MP4"),
      makeStill(join(ws.root, "stills"), "png", "a.png"),
    ]);
    const first = await svc(["ingest"], env);
    expect(first.exitCode, first.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await ws?.cleanup();
  });

  const spans = () => {
    const lib = openLibrary(ws.root, { readOnly: true });
    try {
      return lib.db
        .prepare(
          "SELECT rel_path AS path, span_index AS part, span_count AS parts FROM media ORDER BY rel_path",
        )
        .all();
    } finally {
      lib.close();
    }
  };

  it("counts every unchanged file once, in order, and reconciles", async () => {
    const pass = await svc(["ingest", "--progress", "json"], env);
    expect(pass.exitCode, pass.stderr).toBe(0);
    const events = jsonLines(pass.stdout);
    expect(events.filter((e) => e.event === "file").map((e) => [e.path, e.status])).toEqual([
      ["dive/GH010300.MP4", "unchanged"],
      ["dive/GH020300.MP4", "unchanged"],
      ["stills/a.png", "unchanged"],
    ]);
    expect(events.at(-1)).toMatchObject({ event: "summary", unchanged: 3, reconciled: true, missing: 0 });
    expect(spans()).toEqual([
      { path: "dive/GH010300.MP4", part: 1, parts: 2 },
      { path: "dive/GH020300.MP4", part: 2, parts: 2 },
      { path: "stills/a.png", part: null, parts: null },
    ]);
  });

  it("regroups a span whose part went away although every file left is unchanged", async () => {
    await rm(join(ws.root, "dive", "GH020300.MP4"));
    const pass = await svc(["ingest", "--progress", "json"], env);
    expect(pass.exitCode, pass.stderr).toBe(0);
    expect(jsonLines(pass.stdout).at(-1)).toMatchObject({ event: "summary", unchanged: 2, missing: 1 });
    // A first chapter alone is no span any more.
    expect(spans()).toEqual([
      { path: "dive/GH010300.MP4", part: null, parts: null },
      { path: "dive/GH020300.MP4", part: null, parts: null },
      { path: "stills/a.png", part: null, parts: null },
    ]);
  });
});
