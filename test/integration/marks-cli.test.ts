import { userInfo } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Marker, Subclip } from "../../domain/schemas/marks.js";
import { openLibrary } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import { makeTimecodedClip, TIMECODED_CLIP } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

type Mark = Marker | Subclip;

describe.skipIf(!hasTools)("svc marker and svc subclip", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let env: Record<string, string>;
  let clip = 0;
  const run = (...args: string[]) => svc(args, env);
  const json = async <T>(...args: string[]) => {
    const result = await run(...args, "--json");
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as T;
  };

  beforeAll(async () => {
    ws = await tempWorkspace("svc-marks-cli-");
    env = ws.env({ SVC_ASR: "none" });
    await makeTimecodedClip(ws.root, "A001.mp4", { seconds: 3 });
    const pass = await run("ingest", "--no-embed");
    expect(pass.exitCode, pass.stderr).toBe(0);
    const lib = openLibrary(ws.root);
    clip = lib.media.byPath("A001.mp4")?.id as number;
    lib.close();
  }, 120_000);

  afterAll(async () => {
    await ws?.cleanup();
  });

  it("adds markers at seconds and at a timecode from the clip's start, lists and removes them", async () => {
    expect(TIMECODED_CLIP.startTimecode).toBe("01:00:00:00");
    const plain = await json<Mark>("marker", "add", String(clip), "--at", "0.5");
    expect(plain).toMatchObject({
      name: "Marker 1",
      color: "blue",
      kind: "marker",
      start_s: 0.5,
      end_s: null,
    });
    expect(plain.author).toBe(userInfo().username);
    // 01:00:01:10 at 25 fps is 1.4 s into a clip that starts at 01:00:00:00.
    const timed = await json<Mark>(
      "marker",
      "add",
      String(clip),
      "--at",
      "01:00:01:10",
      "--end",
      "2",
      "--name",
      "Plane overhead",
      "--note",
      "wild line needed",
      "--color",
      "red",
      "--kind",
      "todo",
    );
    expect(timed).toMatchObject({
      name: "Plane overhead",
      note: "wild line needed",
      color: "red",
      kind: "todo",
      end_s: 2,
    });
    expect(timed.start_s).toBeCloseTo(1.4, 9);

    const listed = await json<{ items: Mark[] }>("marker", "list", String(clip));
    expect(listed.items.map((m) => m.id)).toEqual([plain.id, timed.id]);
    const human = await run("marker", "list", String(clip));
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain(`${timed.id}\t1.4-2\tred\ttodo\tPlane overhead\twild line needed`);

    expect(await json("marker", "rm", String(plain.id))).toEqual({ id: plain.id, deleted: true });
    const removed = await run("marker", "rm", String(timed.id));
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(removed.stdout).toBe(`deleted marker ${timed.id}`);
    expect((await run("marker", "list", String(clip))).stdout).toBe(`item ${clip} has no markers`);
  });

  it("adds, lists and removes subclips", async () => {
    const sub = await json<Mark>(
      "subclip",
      "add",
      String(clip),
      "--in",
      "01:00:00:12",
      "--out",
      "2.5",
      "--name",
      "Take 2",
    );
    expect(sub).toMatchObject({ name: "Take 2", kind: null, end_s: 2.5 });
    expect(sub.start_s).toBeCloseTo(0.48, 9);
    expect((await json<{ items: Mark[] }>("subclip", "list", String(clip))).items).toEqual([sub]);
    expect((await json<{ items: Mark[] }>("marker", "list", String(clip))).items).toEqual([]);
    expect((await run("marker", "rm", String(sub.id))).exitCode).toBe(2);
    expect(await json("subclip", "rm", String(sub.id))).toEqual({ id: sub.id, deleted: true });
  });

  it("refuses bad input with exit 2, a message naming the flag, and nothing written", async () => {
    const id = String(clip);
    const cases: [string[], RegExp][] = [
      [["marker"], /usage: svc marker/],
      [["marker", "frobnicate", id], /usage: svc marker/],
      [["marker", "add", id], /needs --at/],
      [["marker", "add", id, "--at", "1", "--bogus"], /bogus/],
      [["marker", "list", id, "--name", "x"], /usage: svc marker/],
      [["marker", "add", id, "--at", "1", "--color", "orange"], /--color: expected one of blue, cyan/],
      [["marker", "add", id, "--at", "1", "--kind", "note"], /--kind: expected one of marker, todo, chapter/],
      [["marker", "add", id, "--at", "99"], /past the end/],
      [["marker", "add", id, "--at", "soon"], /--at: expected seconds/],
      [["marker", "add", id, "--at", "00:59:59:00"], /before the item's start timecode/],
      [["marker", "add", id, "--at", "01:00:00:30"], /--at: not a timecode at 25 fps/],
      [["marker", "add", id, "--at", "2", "--end", "1"], /end_s .* must be after start_s/],
      [["marker", "add", id, "--at", "1", "--name", "x".repeat(201)], /--name: at most 200 characters/],
      [["marker", "add", "999999", "--at", "1"], /no media item 999999/],
      [["marker", "add", "abc", "--at", "1"], /ID: expected a positive whole number/],
      [["marker", "rm", "999999"], /no marker 999999/],
      [["subclip", "add", id, "--in", "1"], /needs --out/],
      [["subclip", "add", id, "--in", "2", "--out", "2"], /must be after start_s/],
      [["subclip", "add", id, "--in", "1", "--out", "2", "--kind", "todo"], /kind/],
      [["subclip", "list", "999999"], /no media item 999999/],
    ];
    for (const [args, message] of cases) {
      const result = await run(...args);
      expect(result.exitCode, `svc ${args.join(" ").slice(0, 80)}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect((await json<{ items: Mark[] }>("marker", "list", id)).items).toEqual([]);
    expect((await json<{ items: Mark[] }>("subclip", "list", id)).items).toEqual([]);
  });
});
