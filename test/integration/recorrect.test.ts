import { readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { seedClip } from "../support/rows.js";

let api: TestApi;
let root: string;

interface Seeded {
  text: string;
  language: string;
  archived?: { language: string; text: string };
}

const ITEMS: Seeded[] = [
  { text: "Jon met Jonas in Taipei", language: "en", archived: { language: "de", text: "Jon traf Jonas" } },
  { text: "我在台北见到了Jon", language: "zh" },
  { text: "nothing to fix here", language: "en" },
  { text: "a.b and (x) at the iphone launch", language: "en" },
];

function seed(lib: LibraryStore): void {
  ITEMS.forEach((item, i) => {
    const id = seedClip(lib, i);
    const save = (language: string, text: string, activate: boolean) =>
      lib.transcripts.save(
        id,
        {
          language,
          text,
          segments_json: JSON.stringify([{ start: 0, end: 1.5, text }]),
          words_json: JSON.stringify(
            text.split(" ").map((word, w) => ({ word, start: w, end: w + 0.5, score: 0.9 })),
          ),
          backend: "test",
        },
        activate,
      );
    if (item.archived) save(item.archived.language, item.archived.text, false);
    save(item.language, item.text, true);
  });
}

/** Every transcript byte the maintenance routes may touch, for exact before/after comparison. */
function snapshot(): unknown {
  const lib = openLibrary(root);
  try {
    return {
      transcripts: lib.db
        .prepare("SELECT media_id, language, text, segments_json, words_json FROM transcripts ORDER BY 1, 2")
        .all(),
      media: lib.db.prepare("SELECT id, transcript, segments_json, words_json FROM media ORDER BY id").all(),
    };
  } finally {
    lib.close();
  }
}

const backupFiles = () => {
  try {
    return readdirSync(join(root, ".svc", "backups")).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return [];
  }
};

const putRules = (rules: unknown) => api.request("PUT", "/api/corrections", { body: { rules } });

beforeAll(async () => {
  api = await startApi();
  root = api.root as string;
  const lib = openLibrary(root);
  try {
    seed(lib);
  } finally {
    lib.close();
  }
});

afterAll(async () => {
  await api?.close();
});

describe("the correction dictionary", () => {
  // Each test starts from no stored dictionary, whatever an earlier test (or recorrect's setup) stored.
  beforeEach(() => {
    rmSync(join(root, ".svc", "corrections.json"), { force: true });
  });

  it("starts empty and answers what was stored, with defaults filled in", async () => {
    const empty = await api.request("GET", "/api/corrections");
    expect(empty.status).toBe(200);
    expect(empty.json()).toEqual({ rules: [] });
    const put = await putRules([
      { from: "Jon", to: "John" },
      { from: "台", to: "臺", scope: "global", pre: true },
    ]);
    expect(put.status, put.text).toBe(200);
    const expected = {
      rules: [
        { from: "Jon", to: "John", scope: "word", pre: false, post: true },
        { from: "台", to: "臺", scope: "global", pre: true, post: true },
      ],
    };
    expect(put.json()).toEqual(expected);
    expect((await api.request("GET", "/api/corrections")).json()).toEqual(expected);
    expect(JSON.parse(readFileSync(join(root, ".svc", "corrections.json"), "utf8"))).toEqual(expected);
  });

  it("refuses bad rules with 422 naming the field, keeping the stored dictionary", async () => {
    expect((await putRules([{ from: "Jon", to: "John" }])).status).toBe(200);
    const before = readFileSync(join(root, ".svc", "corrections.json"), "utf8");
    const cases: [unknown, RegExp][] = [
      [[{ from: "", to: "x" }], /rules\.0\.from/],
      [[{ from: "a", to: "b" }, { to: "x" }], /rules\.1\.from/],
      [[{ from: "a", to: 3 }], /rules\.0\.to/],
      [[{ from: "a", to: "b", scope: "sentence" }], /rules\.0\.scope/],
      [[{ from: "a", to: "b", pre: "yes" }], /rules\.0\.pre/],
      [[{ from: "a", to: "b", regex: true }], /rules\.0/],
      ["not a list", /rules/],
    ];
    for (const [rules, field] of cases) {
      const res = await putRules(rules);
      expect(res.status, res.text).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(field);
    }
    expect((await api.request("PUT", "/api/corrections", { body: "{" })).status).toBe(422);
    expect(readFileSync(join(root, ".svc", "corrections.json"), "utf8")).toBe(before);
  });

  it("takes 10,000 rules and refuses more", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ from: `w${i}`, to: `W${i}` }));
    const ok = await putRules(many(10_000));
    expect(ok.status, ok.text.slice(0, 200)).toBe(200);
    const over = await putRules(many(10_001));
    expect(over.status).toBe(422);
    expect(over.json<{ detail: string }>().detail).toMatch(/rules/);
  });
});

describe("recorrect", () => {
  beforeEach(async () => {
    const res = await putRules([
      { from: "Jon", to: "John" },
      { from: "台", to: "臺", scope: "word" },
      { from: "台北", to: "臺北", scope: "global" },
      { from: "a.b", to: "A-B" },
      { from: "(x)", to: "[x]" },
      { from: "iphone", to: "iPhone" },
      { from: "launch", to: "LAUNCH", post: false },
    ]);
    expect(res.status).toBe(200);
  });

  it("dry-runs by default: counts per rule against the original text and writes nothing", async () => {
    const before = snapshot();
    const files = backupFiles();
    const res = await api.request("POST", "/api/recorrect");
    expect(res.status, res.text).toBe(200);
    const body = res.json<{
      dry_run: boolean;
      rules: { index: number; from: string; hits: number; items: number }[];
      transcripts: number;
      items: number;
      backup: string | null;
    }>();
    expect(body.dry_run).toBe(true);
    expect(body.backup).toBeNull();
    const byFrom = Object.fromEntries(body.rules.map((r) => [r.from, r]));
    // "Jon" twice in item 0 (en and de), once in item 1 (next to CJK: a letter, so no hit there).
    expect(byFrom.Jon).toMatchObject({ index: 0, hits: 2, items: 1 });
    // One CJK character inside 台北 never fires as a word.
    expect(byFrom.台).toMatchObject({ hits: 0, items: 0 });
    expect(byFrom.台北).toMatchObject({ hits: 1, items: 1 });
    expect(byFrom["a.b"]).toMatchObject({ hits: 1, items: 1 });
    expect(byFrom["(x)"]).toMatchObject({ hits: 1, items: 1 });
    expect(byFrom.iphone).toMatchObject({ hits: 1, items: 1 });
    // Rules without `post` are not applied to stored transcripts.
    expect(byFrom.launch).toBeUndefined();
    expect(body.transcripts).toBe(4);
    expect(body.items).toBe(3);
    expect(snapshot()).toEqual(before);
    expect(backupFiles()).toEqual(files);
  });

  it("refuses a junk flag with 422", async () => {
    const res = await api.request("POST", "/api/recorrect?dry_run=maybe");
    expect(res.status).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/dry_run/);
  });

  it("applies with a backup first, and a revert restores every byte", async () => {
    const before = snapshot();
    const res = await api.request("POST", "/api/recorrect?dry_run=0");
    expect(res.status, res.text).toBe(200);
    const body = res.json<{ dry_run: boolean; backup: string; items: number; transcripts: number }>();
    expect(body).toMatchObject({ dry_run: false, items: 3, transcripts: 4 });
    expect(body.backup).toMatch(/^recorrect-.*\.jsonl$/);

    const lib = openLibrary(root);
    try {
      const item = lib.db
        .prepare("SELECT id, transcript, segments_json, words_json FROM media WHERE rel_path = 'clip-0.mp4'")
        .get() as {
        id: number;
        transcript: string;
        segments_json: string;
        words_json: string;
      };
      expect(item.transcript).toBe("John met Jonas in Taipei");
      expect(JSON.parse(item.segments_json)).toEqual([
        { start: 0, end: 1.5, text: "John met Jonas in Taipei" },
      ]);
      expect(JSON.parse(item.words_json)[0]).toEqual({ word: "John", start: 0, end: 0.5, score: 0.9 });
      expect(lib.transcripts.get(item.id, "de")?.text).toBe("John traf Jonas");
      const cjk = lib.db.prepare("SELECT transcript FROM media WHERE rel_path = 'clip-1.mp4'").get() as {
        transcript: string;
      };
      expect(cjk.transcript).toBe("我在臺北见到了Jon");
      const odd = lib.db.prepare("SELECT transcript FROM media WHERE rel_path = 'clip-3.mp4'").get() as {
        transcript: string;
      };
      expect(odd.transcript).toBe("A-B and [x] at the iPhone launch");
    } finally {
      lib.close();
    }

    const listed = await api.request("GET", "/api/recorrect/backups");
    expect(listed.status).toBe(200);
    const { backups } = listed.json<{
      backups: { id: string; kind: string; items: number; created_at: string }[];
    }>();
    expect(backups[0]).toMatchObject({ id: body.backup, kind: "recorrect", items: 3 });
    expect(Number.isNaN(Date.parse(backups[0]?.created_at ?? ""))).toBe(false);

    // A second apply finds nothing left to change; it still leaves its (empty) backup.
    const again = (await api.request("POST", "/api/recorrect?dry_run=0")).json<{
      backup: string;
      items: number;
    }>();
    expect(again).toMatchObject({ items: 0 });
    expect(again.backup).not.toBe(body.backup);
    const relisted = (await api.request("GET", "/api/recorrect/backups")).json<{
      backups: { id: string; items: number }[];
    }>();
    expect(relisted.backups.slice(0, 2)).toEqual([
      expect.objectContaining({ id: again.backup, items: 0 }),
      expect.objectContaining({ id: body.backup, items: 3 }),
    ]);

    const revert = await api.request("POST", "/api/recorrect/revert", { body: { backup: body.backup } });
    expect(revert.status, revert.text).toBe(200);
    expect(revert.json()).toMatchObject({ backup: body.backup, kind: "recorrect", skipped: 0 });
    expect(snapshot()).toEqual(before);
  });

  it("applies a growing rule once, and reverts the newest backup when none is named", async () => {
    expect((await putRules([{ from: "nothing", to: "nothing nothing" }])).status).toBe(200);
    const before = snapshot();
    const res = await api.request("POST", "/api/recorrect?dry_run=0");
    expect(res.json()).toMatchObject({ items: 1 });
    const lib = openLibrary(root);
    try {
      const row = lib.db.prepare("SELECT transcript FROM media WHERE rel_path = 'clip-2.mp4'").get() as {
        transcript: string;
      };
      expect(row.transcript).toBe("nothing nothing to fix here");
    } finally {
      lib.close();
    }
    const revert = await api.request("POST", "/api/recorrect/revert", { body: {} });
    expect(revert.status, revert.text).toBe(200);
    expect(snapshot()).toEqual(before);
  });

  it("chains the index rebuild on request, and says why when the model host is away", async () => {
    expect((await putRules([{ from: "fix", to: "FIX" }])).status).toBe(200);
    const res = await api.request("POST", "/api/recorrect?dry_run=0&rebuild=1");
    expect(res.status, res.text).toBe(200);
    const body = res.json<{ items: number; backup: string; rebuild: { error?: string } | null }>();
    expect(body.items).toBe(1);
    expect(body.rebuild?.error).toMatch(/model host/);
    // Nothing changed, nothing to rebuild.
    const again = (await api.request("POST", "/api/recorrect?dry_run=0&rebuild=1")).json<{
      rebuild: unknown;
    }>();
    expect(again.rebuild).toBeNull();
    expect(
      (await api.request("POST", "/api/recorrect/revert", { body: { backup: body.backup } })).status,
    ).toBe(200);
  });

  it("refuses a revert naming anything but a listed backup, restoring nothing", async () => {
    const before = snapshot();
    // A well-formed backup id that is not listed is not found; anything else is not an id at all.
    for (const [backup, status] of [
      ["../library.db", 422],
      ["/etc/passwd", 422],
      ["recorrect-20260101T000000000Z-deadbeef.jsonl", 404],
      ["x", 422],
    ] as const) {
      const res = await api.request("POST", "/api/recorrect/revert", { body: { backup } });
      expect(res.status, `${backup}: ${res.text}`).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(/not a listed backup/);
    }
    expect(snapshot()).toEqual(before);
  });

  it("refuses a backup edited by hand or truncated, restoring nothing", async () => {
    expect((await putRules([{ from: "Jonas", to: "Jonah" }])).status).toBe(200);
    const applied = (await api.request("POST", "/api/recorrect?dry_run=0")).json<{ backup: string }>();
    const after = snapshot();
    const file = join(root, ".svc", "backups", applied.backup);
    const original = readFileSync(file, "utf8");

    writeFileSync(file, original.replace("Jonas", "Jonas!"));
    const edited = await api.request("POST", "/api/recorrect/revert", { body: { backup: applied.backup } });
    expect(edited.status).toBe(422);
    expect(edited.json<{ detail: string }>().detail).toMatch(/damaged.*nothing was restored/);
    expect(snapshot()).toEqual(after);

    writeFileSync(file, original);
    truncateSync(file, Math.floor(original.length / 2));
    const truncated = await api.request("POST", "/api/recorrect/revert", {
      body: { backup: applied.backup },
    });
    // A truncated backup is no longer listed, and its id is well formed: not found.
    expect(truncated.status, truncated.text).toBe(404);
    expect(snapshot()).toEqual(after);
    const listed = (await api.request("GET", "/api/recorrect/backups")).json<{ backups: { id: string }[] }>();
    expect(listed.backups.map((b) => b.id)).not.toContain(applied.backup);

    writeFileSync(file, original);
    expect(
      (await api.request("POST", "/api/recorrect/revert", { body: { backup: applied.backup } })).status,
    ).toBe(200);
  });

  it("answers 409 while another job holds the ingest slot, changing nothing", async () => {
    const before = snapshot();
    const lease = claimSlot(api.registry, ingestSlotName(root), "test ingest");
    try {
      const res = await api.request("POST", "/api/recorrect?dry_run=0");
      expect(res.status).toBe(409);
      expect(res.json<{ detail: string }>().detail).toMatch(/test ingest/);
      // A dry run writes nothing, so it still answers.
      expect((await api.request("POST", "/api/recorrect")).status).toBe(200);
    } finally {
      lease.release();
    }
    expect(snapshot()).toEqual(before);
  });

  it("refuses cross-site writes", async () => {
    const res = await api.request("POST", "/api/recorrect?dry_run=0", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });
});
