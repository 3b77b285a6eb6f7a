import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { isClassifier, type SeedClip, seedClips } from "../support/chat.js";
import { svc } from "../support/cli.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";

const clip = (name: string, duration_s: number, tags: string[], rating?: string): SeedClip => ({
  name,
  shot: "2026-05-01",
  duration_s,
  tags,
  ...(rating ? { rating } : {}),
  scenes: [{ description: name }],
});

const CLIPS = [
  clip("logo-van.mov", 10, ["logo", "van"], "A-roll"),
  clip("logo-cup.mov", 2, ["ＬＯＧＯ", "cup"]),
  clip("beach.mov", 6, ["b-roll", "beach"], "4"),
  clip("junk.mov", 3, ["beach"], "Unusable"),
  clip("interview.mov", 30, ["interview", "office"], "5"),
  clip("interview-2.mov", 25, ["interview", "office"], "5"),
];

interface Report {
  collections: {
    key: string;
    builtin: boolean;
    count: number;
    items: { name: string; rating: string | null }[];
  }[];
  dropped: { index: number; key?: string; reason: string }[];
  file_problem?: string;
}

describe("smart collections", () => {
  let api: TestApi;
  let host: FakeModelHost;
  let live: string;
  const get = async () => {
    const res = await api.request("GET", "/api/collections");
    expect(res.status, res.text).toBe(200);
    return res.json<Report>();
  };
  const names = (report: Report, key: string) =>
    report.collections
      .find((c) => c.key === key)
      ?.items.map((i) => i.name)
      .sort();

  beforeAll(async () => {
    host = await startFakeModelHost();
    api = await startApi({ env: { OLLAMA_HOST: host.url } });
    const root = api.root as string;
    const seeded = seedClips(root, CLIPS);
    const lib = openLibrary(root);
    try {
      lib.db.prepare("UPDATE media SET status = 'done' WHERE id = ?").run(seeded.get("beach.mov")?.id);
      lib.db
        .prepare("UPDATE media SET status = 'failed' WHERE id = ?")
        .run(seeded.get("interview-2.mov")?.id);
    } finally {
      lib.close();
    }
    live = join(root, ".svc", "collections.json");
  }, 30_000);

  // Each test starts without a collections file, as the project was seeded; those that want one write it.
  beforeEach(async () => {
    await rm(live, { force: true });
  });

  afterAll(async () => {
    await api?.close();
    await host?.close();
  });

  it("has the built-ins, with members by rating, tags and state", async () => {
    const report = await get();
    expect(report.collections.map((c) => c.key)).toEqual([
      "recent",
      "needs_review",
      "a_roll",
      "b_roll",
      "unusable",
    ]);
    expect(names(report, "recent")).toEqual(["beach.mov"]);
    expect(names(report, "needs_review")).toEqual(["interview-2.mov", "logo-cup.mov"]);
    expect(names(report, "a_roll")).toEqual(["logo-van.mov"]);
    expect(names(report, "b_roll")).toEqual(["beach.mov"]);
    expect(names(report, "unusable")).toEqual(["junk.mov"]);
    expect(report.collections.find((c) => c.key === "a_roll")?.items[0]?.rating).toBe("A-roll");
  });

  it("reads the file's entries, drops bad ones one by one, and hides but never overrides built-ins", async () => {
    await writeFile(
      live,
      JSON.stringify({
        version: 1,
        disable: ["unusable", "nonsense"],
        collections: [
          { key: "logos", title: "Client logo", tags: ["Logo"] },
          { key: "long-logos", title: "Long logo shots", tags: ["logo"], min_duration: 5 },
          { key: "py", title: "Evil", tags: ["__import__('os').system('touch /tmp/x')"] },
          { key: "js", title: "Evil", tags: ["logo"], min_duration: "process.exit(1)" },
          { key: "fn", title: "(() => require('fs'))()", tags: ["logo"] },
          { key: "recent", title: "My recent", tags: ["logo"] },
          { key: "logos", title: "Again", tags: ["cup"] },
          { key: "extra", title: "Extra", tags: ["logo"], where: "rating > 3" },
          { key: "talk", title: "Talking heads", tags: ["interview"], exclude_tags: ["OFFICE"] },
          "not an object",
        ],
      }),
    );
    const report = await get();
    expect(report.collections.map((c) => c.key)).toEqual([
      "recent",
      "needs_review",
      "a_roll",
      "b_roll",
      "logos",
      "long-logos",
      "talk",
    ]);
    expect(report.collections.find((c) => c.key === "recent")?.builtin).toBe(true);
    expect(names(report, "logos")).toEqual(["logo-cup.mov", "logo-van.mov"]);
    expect(names(report, "long-logos")).toEqual(["logo-van.mov"]);
    expect(names(report, "talk")).toEqual([]);
    expect(report.dropped.map((d) => d.index)).toEqual([2, 3, 4, 5, 6, 7, 9]);
    expect(report.dropped.find((d) => d.index === 5)?.reason).toMatch(/built-in/);
    expect(report.dropped.find((d) => d.index === 2)?.reason).toMatch(/declarative/);

    // Changed on disk: read again.
    await writeFile(
      live,
      JSON.stringify({ version: 1, collections: [{ key: "beach", title: "Beach", tags: ["beach"] }] }),
    );
    const next = await get();
    expect(names(next, "beach")).toEqual(["beach.mov", "junk.mov"]);
    expect(next.collections.some((c) => c.key === "unusable")).toBe(true);
  });

  it("keeps an entry whose title and tags hold ordinary punctuation, with its members", async () => {
    await writeFile(
      live,
      JSON.stringify({
        version: 1,
        collections: [
          { key: "day1-drone", title: "Day 1 (drone)", tags: ["beach", "aerial (dji)"] },
          { key: "code", title: "Day 1", tags: ["beach"], exclude_tags: ["x => x.rating"] },
        ],
      }),
    );
    const report = await get();
    expect(report.collections.find((c) => c.key === "day1-drone")).toMatchObject({
      title: "Day 1 (drone)",
      builtin: false,
      count: 2,
    });
    expect(names(report, "day1-drone")).toEqual(["beach.mov", "junk.mov"]);
    expect(report.dropped).toEqual([
      { index: 1, key: "code", reason: expect.stringMatching(/^exclude_tags\.0: reads as code/) },
    ]);
  });

  it("ignores a whole file of the wrong version, not JSON, or far too large", async () => {
    for (const [content, problem] of [
      [JSON.stringify({ version: 2, collections: [] }), /version/],
      ["{ not json", /not JSON/],
      [JSON.stringify({ version: 1, collections: [], pad: "x".repeat(300 * 1024) }), /larger than/],
    ] as const) {
      await writeFile(live, content);
      const report = await get();
      expect(report.file_problem).toMatch(problem);
      expect(report.collections.map((c) => c.key)).toEqual([
        "recent",
        "needs_review",
        "a_roll",
        "b_roll",
        "unusable",
      ]);
    }
    await rm(live);
  });

  it("proposes themes from frequent tags, and applies a proposal only when all of it is valid", async () => {
    const env = { PROJECT_ROOT: api.root as string, SVC_HOME: api.home, OLLAMA_HOST: host.url };
    const proposed = join(api.root as string, ".svc", "collections.proposed.json");
    const dry = await svc(["ingest", "--propose-collections", "--collection-dry-run"], env);
    expect(dry.exitCode, dry.stderr).toBe(0);
    const proposal = JSON.parse(await readFile(proposed, "utf8")) as {
      version: number;
      collections: { key: string; title: string; tags: string[] }[];
    };
    expect(proposal.version).toBe(1);
    const interview = proposal.collections.find((c) => c.tags.includes("interview"));
    expect(interview?.tags.sort()).toEqual(["interview", "office"]);
    expect(proposal.collections.map((c) => c.title)).toContain("logo");

    host.setChatScript((request) =>
      isClassifier(request)
        ? undefined
        : JSON.stringify({ titles: proposal.collections.map((_, i) => `Theme ${i + 1}`) }),
    );
    const named = await svc(["ingest", "--propose-collections"], env);
    expect(named.exitCode, named.stderr).toBe(0);
    expect(named.stdout).toMatch(/named by the chat model/);
    const titled = JSON.parse(await readFile(proposed, "utf8")) as {
      collections: { key: string; title: string }[];
    };
    expect(titled.collections[0]).toMatchObject({ key: "theme-1", title: "Theme 1" });

    const applied = await svc(["ingest", "--apply-collections"], env);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(JSON.parse(await readFile(live, "utf8"))).toEqual(titled);
    expect((await get()).collections.some((c) => c.key === "theme-1")).toBe(true);

    const broken = {
      version: 1,
      collections: [
        { key: "fine", title: "Fine", tags: ["logo"] },
        { key: "b_roll", title: "Mine", tags: ["beach"] },
        { key: "bad", title: "Bad", tags: [], min_duration: -1 },
      ],
    };
    await writeFile(proposed, JSON.stringify(broken));
    const refused = await svc(["ingest", "--apply-collections"], env);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/collections\[1\] \(b_roll\).*built-in/);
    expect(refused.stderr).toMatch(/collections\[2\] \(bad\)/);
    expect(JSON.parse(await readFile(live, "utf8"))).toEqual(titled);
  });
});

describe("collection membership at the edges", () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi();
    const root = api.root as string;
    const seeded = seedClips(root, [
      clip("a1.mov", 4, ["Ａ-ROLL"]),
      clip("a2.mov", 4, ["street"], " a roll "),
      clip("gone.mov", 4, ["a-roll"]),
      clip("a4.mov", 4, ["A-Roll", "a-roll"]),
      clip("blank.mov", 4, ["street"], "   "),
      clip("quiet.mov", 9, ["crowd"], "3"),
      clip("loud.mov", 9, ["crowd"], "3"),
    ]);
    const lib = openLibrary(root);
    try {
      const update = (sql: string, name: string) => lib.db.prepare(sql).run(seeded.get(name)?.id);
      update("UPDATE media SET missing_since = '2026-11-01T00:00:00Z' WHERE id = ?", "gone.mov");
      update("UPDATE media SET audio_tracks = 0 WHERE id = ?", "quiet.mov");
      update("UPDATE media SET audio_tracks = 2 WHERE id = ?", "loud.mov");
    } finally {
      lib.close();
    }
    await writeFile(
      join(root, ".svc", "collections.json"),
      JSON.stringify({
        version: 1,
        collections: [
          { key: "crowd-sound", title: "Crowds with sound", tags: ["CROWD"], require_audio: true },
          { key: "nothing", title: "Nothing", tags: ["never-used"] },
        ],
      }),
    );
  }, 30_000);

  afterAll(async () => {
    await api?.close();
  });

  it("folds tags and hand-typed ratings, counts an item once, lists the first by id, and leaves missing items out", async () => {
    const res = await api.request("GET", "/api/collections?limit=2");
    expect(res.status, res.text).toBe(200);
    const report = res.json<Report>();
    const of = (key: string) => report.collections.find((c) => c.key === key);
    expect(of("a_roll")?.count).toBe(3);
    expect(of("a_roll")?.items.map((i) => i.name)).toEqual(["a1.mov", "a2.mov"]);
    expect(of("needs_review")?.items.map((i) => i.name)).toEqual(["a1.mov", "a4.mov"]);
    expect(of("needs_review")?.count).toBe(3);
    expect(of("crowd-sound")?.items.map((i) => i.name)).toEqual(["loud.mov"]);
    expect(of("nothing")).toMatchObject({ count: 0, items: [] });
    expect(of("unusable")).toMatchObject({ count: 0, items: [] });

    const tags = await api.request("GET", "/api/tags?prefix=a-r");
    expect(tags.status, tags.text).toBe(200);
    expect(tags.json<{ tags: { name: string; count: number }[] }>().tags).toEqual([
      { name: "A-Roll", count: 2 },
    ]);
  });
});
