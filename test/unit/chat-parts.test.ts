import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scrubText } from "../../domain/redact.js";
import { figures, plainFigures, quotesFigures } from "../../library/chat/analytics.js";
import { type IntentArgs, readClassification } from "../../library/chat/classify.js";
import { searchWords } from "../../library/chat/compilation.js";
import { type ChatScene, citeScenes, passesFilters } from "../../library/chat/scenes.js";
import type { SceneContextRow } from "../../state/repos/scenes.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { seedClips } from "../support/chat.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";

const scene = (sceneId: number, extra: Partial<SceneContextRow> = {}): ChatScene => {
  const row = {
    scene_id: sceneId,
    id: sceneId,
    media_id: 1,
    idx: 0,
    start_s: 0,
    end_s: 4,
    duration_s: 4,
    rel_path: "a.mov",
    kind: "video",
    shot_date: "2026-03-10",
    camera_id: "A",
    rating: "5",
    description: "a drone shot over the lake",
    content_type: "b-roll",
    tags_json: JSON.stringify(["water"]),
    manual_tags: "drone",
    ...extra,
  } as SceneContextRow;
  return { ref: { project: "p", media_id: 1, scene_id: sceneId, start_s: 0, end_s: 4 }, row };
};

describe("reading the classifier's answer", () => {
  it("keeps known fields with usable values and lists the unknown ones", () => {
    const read = readClassification({
      intent: "refinement",
      confidence: 0.8,
      search_text: " sunset ",
      filters: { camera: "B", date_from: "2026-03-31", date_to: "2026-03-01", colour: "teal", rating: "" },
      reference: { position: 2, file_name: "/etc/passwd", scene_id: -4 },
      metric: "clips",
      group_by: "month",
    });
    expect(read.intent).toBe("refinement");
    expect(read.args.search_text).toBe("sunset");
    // Swapped dates are put in order; the unknown field is reported, the empty one dropped.
    expect(read.args.filters).toEqual({ camera: "B", date_from: "2026-03-01", date_to: "2026-03-31" });
    expect(read.ignored).toEqual(["colour"]);
    // A file name with a path and a negative id are not references.
    expect(read.args.reference).toEqual({ position: 2 });
    expect(read.args).toMatchObject({ metric: "clips", group_by: "month" });
  });

  it.each([
    ["an unknown intent", { intent: "teleport" }],
    ["not an object", ["compilation"]],
    ["no intent", { confidence: 1 }],
  ])("names no intent for %s", (_what, raw) => {
    expect(readClassification(raw).intent).toBeNull();
  });

  it("drops impossible dates, durations and unknown aggregates", () => {
    const read = readClassification({
      intent: "analytics",
      filters: { date_from: "2026-02-30", min_duration_s: -3, max_duration_s: "ten", type: "hologram" },
      metric: "bytes",
      group_by: "DROP TABLE media",
    });
    expect(read.args.filters).toEqual({});
    expect(read.args).toMatchObject({ metric: "hours", group_by: "none" });
  });
});

describe("citations", () => {
  const scenes = [scene(101), scene(202)];

  it("turns positions into scene ids and drops what was not retrieved", () => {
    expect(citeScenes("See [1] and [2, 5]. Not [3]. Also scene 999 and scene 202.", scenes, false)).toBe(
      "See [scene 101] and [scene 202]. Not. Also a scene and scene 202.",
    );
  });

  it("names the project when the scope spans several", () => {
    expect(citeScenes("Best: [2]", scenes, true)).toBe("Best: [p scene 202]");
  });
});

describe("scrubbing answers", () => {
  it.each([
    ["/srv/footage/a.mov", "[path]"],
    ["see C:\\Users\\ed\\x.mov now", "see [path] now"],
    ["on D:/Projects/job", "on [path]"],
    ["\\\\nas\\share\\clip.mov", "[path]"],
    ["token svc_abcdefghijklmnopqrstuvwx", "token svc_[redacted]"],
  ])("hides %s", (text, shown) => {
    expect(scrubText(text)).toBe(shown);
  });

  it.each(["and/or", "24/7", "https://ollama.com/library", "1/2 speed", "see ~/notes"])(
    "leaves %s alone",
    (text) => {
      expect(scrubText(text)).toBe(text);
    },
  );
});

describe("filters on a scene list", () => {
  it("applies dates, camera, rating, type, tags, shot type and duration", () => {
    const s = scene(1).row;
    expect(passesFilters(s, { date_from: "2026-03-01", date_to: "2026-03-31" })).toBe(true);
    expect(passesFilters(s, { date_from: "2026-04-01" })).toBe(false);
    expect(passesFilters(s, { camera: "a", rating: "5", type: "video" })).toBe(true);
    expect(passesFilters(s, { camera: "B" })).toBe(false);
    expect(passesFilters(s, { tag: "DRONE" })).toBe(true);
    expect(passesFilters(s, { tag: "water" })).toBe(true);
    expect(passesFilters(s, { tag: "city" })).toBe(false);
    expect(passesFilters(s, { shot_type: "b-roll" })).toBe(true);
    expect(passesFilters(s, { shot_type: "interview" })).toBe(false);
    expect(passesFilters(s, { min_duration_s: 5 })).toBe(false);
    expect(passesFilters(s, { max_duration_s: 5 })).toBe(true);
    expect(passesFilters(scene(2, { shot_date: null }).row, { date_to: "2030-01-01" })).toBe(false);
  });
});

describe("search words from a prompt", () => {
  it("cannot smuggle the search's prefix filters or break its phrases", () => {
    expect(searchWords('drone "over type:water')).toBe("drone over type water");
    expect(searchWords(Array.from({ length: 50 }, (_, i) => `w${i}`).join(" ")).split(" ")).toHaveLength(32);
  });
});

describe("analytics", () => {
  let dir: string;
  let store: LibraryStore;
  const args = (extra: Partial<IntentArgs> = {}): IntentArgs => ({
    search_text: "",
    filters: {},
    reference: {},
    metric: "hours",
    group_by: "none",
    ...extra,
  });

  // Each test gets its own freshly seeded library: the last one edits, hides and deletes clips.
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-analytics-"));
    const base = { scenes: [{ description: "x" }] };
    seedClips(dir, [
      {
        ...base,
        name: "a.mov",
        shot: "2026-03-02",
        duration_s: 1800,
        camera: "A",
        tags: ["drone", "sunset"],
      },
      { ...base, name: "b.mov", shot: "2026-03-30", duration_s: 900, camera: "B", tags: ["drone"] },
      { ...base, name: "c.mov", shot: "2026-04-01", duration_s: 3600, camera: "A", rating: "5" },
      { ...base, name: "d.mov", shot: "2025-12-29", duration_s: 60 },
    ]);
    store = openLibrary(dir);
  });

  afterEach(async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("totals a period exactly", () => {
    const rows = store.analytics.aggregate({ group: "none", from: "2026-03-01", to: "2026-03-31" });
    expect(rows).toEqual([{ key: null, clips: 2, duration_s: 2700 }]);
  });

  it("groups by month, ISO week, camera, rating and tag, unknown last", () => {
    const keys = (group: Parameters<typeof store.analytics.aggregate>[0]["group"]) =>
      store.analytics.aggregate({ group }).map((r) => [r.key, r.clips]);
    expect(keys("month")).toEqual([
      ["2025-12", 1],
      ["2026-03", 2],
      ["2026-04", 1],
    ]);
    // 2025-12-29 is in ISO week 1 of 2026.
    expect(keys("week")).toEqual([
      ["2026-W01", 1],
      ["2026-W10", 1],
      ["2026-W14", 2],
    ]);
    expect(keys("camera")).toEqual([
      ["A", 2],
      ["B", 1],
      [null, 1],
    ]);
    expect(keys("rating")).toEqual([
      ["5", 1],
      [null, 3],
    ]);
    expect(keys("tag")).toEqual([
      ["drone", 2],
      ["sunset", 1],
      [null, 2],
    ]);
  });

  it("filters by camera, tag, rating and type with bound values only", () => {
    expect(store.analytics.aggregate({ group: "none", camera: "a", tag: "DRONE" })[0]?.clips).toBe(1);
    expect(store.analytics.aggregate({ group: "none", rating: "5", kinds: ["video"] })[0]?.clips).toBe(1);
    expect(store.analytics.aggregate({ group: "none", camera: "' OR 1=1 --" })).toEqual([]);
  });

  it("reads shoot facts from their covering index, not the fat media rows", () => {
    const plan = store.db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT substr(m.shot_date, 1, 7), count(*), sum(m.duration_s) FROM media m WHERE m.missing_since IS NULL AND m.camera_id = 'A' GROUP BY 1",
      )
      .all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join(" ")).toMatch(/COVERING INDEX media_shoot_facts/);
  });

  it("sums projects, counts a multi-tag item once in the total, and checks quoted figures", () => {
    const totals = [
      store.analytics.aggregate({ group: "none" }),
      store.analytics.aggregate({ group: "none" }),
    ];
    const groups = [store.analytics.aggregate({ group: "tag" }), store.analytics.aggregate({ group: "tag" })];
    const f = figures(totals, groups);
    expect(f.total).toEqual({ clips: 8, hours: "3.53" });
    expect(f.groups.at(-1)).toEqual({ key: "unknown", clips: 4, hours: "2.03" });
    expect(quotesFigures("We shot 3.53 hours.", figures(totals, null), "hours")).toBe(true);
    expect(quotesFigures("We shot 13.53 hours.", figures(totals, null), "hours")).toBe(false);
    expect(quotesFigures("We shot 3.535 hours.", figures(totals, null), "hours")).toBe(false);
    const plain = plainFigures(f, args({ group_by: "tag" }), "");
    expect(plain).toContain("drone: 4 clips, 1.50 hours");
    expect(plain).toContain("Total: 8 clips, 3.53 hours");
  });

  it("keeps the running shoot facts right through edits, missing files and deletes", () => {
    const id = (name: string) => store.media.byPath(name)?.id as number;
    store.edits.patch(id("a.mov"), { camera_id: "B", rating: "4" }, () => undefined);
    store.media.markMissing("d.mov");
    store.edits.remove(id("c.mov"));
    const keys = (group: Parameters<typeof store.analytics.aggregate>[0]["group"]) =>
      store.analytics.aggregate({ group }).map((r) => [r.key, r.clips, r.duration_s]);
    expect(keys("none")).toEqual([[null, 2, 2700]]);
    expect(keys("camera")).toEqual([["B", 2, 2700]]);
    expect(keys("rating")).toEqual([
      ["4", 1, 1800],
      [null, 1, 900],
    ]);
    expect(keys("month")).toEqual([["2026-03", 2, 2700]]);
    expect(store.analytics.aggregate({ group: "none", camera: "b", to: "2026-03-15" })).toEqual([
      { key: null, clips: 1, duration_s: 1800 },
    ]);
    // The file is back: it counts again.
    store.media.saveProbe(
      { relPath: "d.mov", kind: "video", size: 1000, mtimeMs: 1, fingerprint: "d.mov" },
      { ...CLIP_PROBE, duration_s: 60, creation_date: "2025-12-29T10:00:00Z" },
      stageDone("probe"),
    );
    expect(keys("year")).toEqual([
      ["2025", 1, 60],
      ["2026", 2, 2700],
    ]);
  });
});
