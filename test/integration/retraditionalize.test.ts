import { afterAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { type AsrTestServer, startAsrServer } from "../support/asr-server.js";
import { jsonLines, svc } from "../support/cli.js";
import { makeAudio } from "../support/media.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const workspaces: Awaited<ReturnType<typeof tempWorkspace>>[] = [];
const servers: AsrTestServer[] = [];

afterAll(async () => {
  await Promise.all([...workspaces.map((ws) => ws.cleanup()), ...servers.map((s) => s.close())]);
});

async function workspace() {
  const ws = await tempWorkspace("svc-trad-");
  workspaces.push(ws);
  return ws;
}

const SIMPLIFIED = "这个软件的信息";
const MIXED = "我們的软件和内存";
const TRADITIONAL = "我們在臺北見面";

/** Transcripts with word timings and one scene description, as the pipeline would store them. */
function seed(root: string): void {
  const lib = openLibrary(root);
  try {
    const rows: [string, string][] = [
      ["zh", SIMPLIFIED],
      ["zh", MIXED],
      ["zh", TRADITIONAL],
      ["en", "the harbour at dawn"],
    ];
    rows.forEach(([language, text], i) => {
      const file = {
        relPath: `c${i}.mp4`,
        kind: "video" as const,
        size: 1,
        mtimeMs: 1,
        fingerprint: `f${i}`,
      };
      const id = lib.media.saveProbe(file, CLIP_PROBE, stageDone("probe"));
      const chars = [...text];
      lib.transcripts.save(
        id,
        {
          language,
          text,
          segments_json: JSON.stringify([{ start: 0, end: chars.length / 2, text }]),
          words_json: JSON.stringify(
            chars.map((word, w) => ({ word, start: w / 2, end: (w + 1) / 2, score: 1 })),
          ),
          backend: "test",
        },
        true,
      );
      if (i === 0) {
        lib.scenes.replace(id, [{ start_s: 0, end_s: 1, keyframe_path: "frames/x.jpg" }]);
        lib.db.prepare("UPDATE scenes SET description = ? WHERE media_id = ?").run("港口的软件广告牌", id);
      }
    });
  } finally {
    lib.close();
  }
}

function read(root: string) {
  const lib = openLibrary(root);
  try {
    return {
      media: lib.db
        .prepare("SELECT rel_path, transcript, segments_json, words_json FROM media ORDER BY id")
        .all() as {
        rel_path: string;
        transcript: string;
        segments_json: string;
        words_json: string;
      }[],
      archives: lib.db.prepare("SELECT media_id, text FROM transcripts ORDER BY media_id").all(),
      scenes: lib.db.prepare("SELECT description FROM scenes").all() as { description: string }[],
    };
  } finally {
    lib.close();
  }
}

describe("svc ingest --retraditionalize", () => {
  it("counts without writing on a dry run, then converts by phrase or by character", async () => {
    const ws = await workspace();
    seed(ws.root);
    const before = read(ws.root);

    const dry = await svc(["ingest", "--retraditionalize", "--dry-run", "--progress", "json"], ws.env());
    expect(dry.exitCode, dry.stderr).toBe(0);
    const [report] = jsonLines(dry.stdout);
    expect(report).toMatchObject({
      event: "retraditionalize",
      dry_run: true,
      transcripts: { checked: 3, by_phrase: 1, by_character: 1, unchanged: 1 },
      archives: { checked: 3, by_phrase: 1, by_character: 1, unchanged: 1 },
      scenes: { checked: 1, by_phrase: 1, by_character: 0, unchanged: 0 },
    });
    expect(String(report?.converter)).toMatch(/OpenCC/);
    expect(read(ws.root)).toEqual(before);

    const run = await svc(["ingest", "--retraditionalize"], ws.env());
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/transcripts: 3 checked, 1 by phrase, 1 by character, 1 unchanged/);
    const after = read(ws.root);
    expect(after.media.map((m) => m.transcript)).toEqual([
      "這個軟體的資訊",
      "我們的軟件和內存",
      TRADITIONAL,
      "the harbour at dawn",
    ]);
    // Mixed text keeps every character's place: the word list still lines up with the text.
    const mixed = after.media[1];
    const words = JSON.parse(mixed?.words_json ?? "[]") as { word: string; start: number }[];
    expect(words.map((w) => w.word).join("")).toBe(mixed?.transcript);
    expect(words.map((w) => w.start)).toEqual([...MIXED].map((_, i) => i / 2));
    expect(JSON.parse(mixed?.segments_json ?? "[]")[0].text).toBe(mixed?.transcript);
    expect(after.archives).toEqual(after.media.map((m, i) => ({ media_id: i + 1, text: m.transcript })));
    expect(after.scenes[0]?.description).toBe("港口的軟體廣告牌");

    const again = await svc(["ingest", "--retraditionalize", "--progress", "json"], ws.env());
    expect(jsonLines(again.stdout)[0]).toMatchObject({
      transcripts: { checked: 3, by_phrase: 0, by_character: 0, unchanged: 3 },
    });
  });

  it("refuses --dry-run without --retraditionalize", async () => {
    const ws = await workspace();
    const result = await svc(["ingest", "--dry-run"], ws.env());
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--dry-run goes with --retraditionalize/);
  });

  it("stores new Chinese transcripts in Traditional script at write time", async () => {
    if (!needTools("ffmpeg", "ffprobe")) throw new Error("ingest decodes real audio: install ffmpeg");
    const asr = await startAsrServer({ words: ["我们", "在", "台北", "见面"], language: "chinese" });
    servers.push(asr);
    const ws = await workspace();
    await makeAudio(ws.root, "talk.wav", { seconds: 2 });
    const pass = await svc(["ingest"], ws.env({ SVC_ASR: "openai", SVC_ASR_URL: asr.url }));
    expect(pass.exitCode, pass.stderr).toBe(0);
    const { media } = read(ws.root);
    // The test recogniser puts a space between the words it heard.
    expect(media[0]?.transcript).toBe("我們 在 臺北 見面");
    const words = JSON.parse(media[0]?.words_json ?? "[]") as { word: string }[];
    expect(words.map((w) => w.word)).toEqual(["我們", "在", "臺北", "見面"]);
  });
});
