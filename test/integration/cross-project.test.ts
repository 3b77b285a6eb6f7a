import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../../library/access/tokens.js";
import { buildEmbeddings } from "../../library/search/embed.js";
import { searchAll } from "../../library/search/search-all.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { type SeedClip, seedClips } from "../support/chat.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";

const clip = (name: string, description: string, tags: string[] = []): SeedClip => ({
  name,
  shot: "2026-03-01",
  duration_s: 4,
  tags,
  scenes: [{ description }],
});

const PROJECTS: Record<string, SeedClip[]> = {
  Alpha: [
    clip("alpha-logo.mov", "the client's logo painted on a delivery van", ["logo"]),
    clip("alpha-beach.mov", "waves on an empty beach at dawn"),
  ],
  Bravo: [
    clip("bravo-logo.mov", "close-up of the client's logo on a coffee cup", ["logo"]),
    clip("bravo-city.mov", "night traffic on a city bridge"),
  ],
  Charlie: [
    clip("charlie-logo.mov", "the client's logo on the office reception wall", ["Logo"]),
    clip("charlie-forest.mov", "mist between pine trees"),
  ],
};

interface BinItem {
  project: string;
  media_id: number;
  status: string;
}

describe("cross-project bins and search", () => {
  let host: FakeModelHost;
  let api: TestApi;
  const roots: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let admin: { headers: Record<string, string> };
  let reader: { headers: Record<string, string> };
  let editor: { headers: Record<string, string> };

  beforeAll(async () => {
    host = await startFakeModelHost();
    api = await startApi({ env: { OLLAMA_HOST: host.url, SVC_TRUST_LOOPBACK: "0" } });
    const signal = new AbortController().signal;
    for (const [name, clips] of Object.entries(PROJECTS)) {
      const root = name === "Alpha" ? (api.root as string) : join(api.home, "..", name);
      await mkdir(root, { recursive: true });
      roots[name] = root;
      for (const [file, seeded] of seedClips(root, clips)) {
        ids[file] = seeded.id;
        await writeFile(join(root, file), "clip");
      }
      if (name === "Alpha") api.registry.projects.remove(api.registry.projects.byRoot(root)?.name as string);
      api.registry.projects.add(name, root);
      await buildEmbeddings(api.ctx, root, { rebuild: false, signal, holder: "cross-project test" });
    }
    const bearer = (scopes: string[]) => ({
      headers: {
        authorization: `Bearer ${createToken(api.registry, { name: scopes[0] as string, scopes }).secret}`,
      },
    });
    admin = bearer(["admin"]);
    reader = bearer(["videos_read", "collections_read"]);
    editor = bearer(["collections_read", "collections_write", "media_delete", "chat_write"]);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await host?.close();
  });

  const binItems = async (id: number) => {
    const res = await api.request("GET", "/api/bins", reader);
    expect(res.status).toBe(200);
    return (
      res.json<{ bins: { id: number; items: BinItem[] }[] }>().bins.find((b) => b.id === id)?.items ?? []
    );
  };

  describe("on the free tier", () => {
    // Grandfathering holds for good, so a run of the other block first has to be undone here.
    beforeAll(() => api.registry.db.prepare("UPDATE install SET grandfathered_at = NULL").run());

    it("refuses cross-project search before any fan-out", async () => {
      const before = host.requests.length;
      const res = await api.request("GET", "/api/search/all?q=logo", reader);
      expect(res.status).toBe(403);
      expect(res.json()).toEqual({ detail: { code: "cross_project", message: expect.any(String) } });
      expect(host.requests.length).toBe(before);
    });

    it("refuses chat scoped to several projects", async () => {
      const res = await api.request("POST", "/api/chat", {
        ...editor,
        body: { prompt: "find the logo", project_scope: ["Alpha", "Bravo"] },
      });
      expect(res.status).toBe(403);
      expect(res.json()).toMatchObject({ detail: { code: "cross_project" } });
    });

    it("lets a bin hold one project's items but not widen to another", async () => {
      const bin = (await api.request("POST", "/api/bins", { ...editor, body: { name: "Free" } })).json<{
        id: number;
      }>();
      const first = await api.request("POST", `/api/bins/${bin.id}/items`, {
        ...editor,
        body: { project: "Alpha", media_id: ids["alpha-logo.mov"] },
      });
      expect(first.status, first.text).toBe(201);
      const wider = await api.request("POST", `/api/bins/${bin.id}/items`, {
        ...editor,
        body: { project: "Bravo", media_id: ids["bravo-logo.mov"] },
      });
      expect(wider.status).toBe(403);
      expect(wider.json()).toMatchObject({ detail: { code: "cross_project" } });
      expect((await binItems(bin.id)).map((i) => i.project)).toEqual(["Alpha"]);
      expect((await api.request("DELETE", `/api/bins/${bin.id}`, editor)).status).toBe(200);
    });
  });

  describe("where cross-project work is allowed", () => {
    beforeAll(() => api.registry.install.grandfather());

    it("gathers items of three projects into one bin and reports each item's status", async () => {
      const created = await api.request("POST", "/api/bins", { ...editor, body: { name: "Logo selects" } });
      expect(created.status).toBe(201);
      const bin = created.json<{ id: number }>().id;
      for (const [project, file] of [
        ["Alpha", "alpha-logo.mov"],
        ["Bravo", "bravo-logo.mov"],
        ["Charlie", "charlie-logo.mov"],
        ["Charlie", "charlie-forest.mov"],
        ["Alpha", "alpha-beach.mov"],
      ] as const) {
        const res = await api.request("POST", `/api/bins/${bin}/items`, {
          ...editor,
          body: { project, media_id: ids[file] },
        });
        expect(res.status, res.text).toBe(201);
      }
      const again = await api.request("POST", `/api/bins/${bin}/items`, {
        ...editor,
        body: { project: "Alpha", media_id: ids["alpha-logo.mov"] },
      });
      expect(again.status).toBe(200);
      expect((await binItems(bin)).map((i) => i.status)).toEqual(["ok", "ok", "ok", "ok", "ok"]);

      // Deleting media removes it from every bin.
      const deleted = await api.request(
        "DELETE",
        `/api/media/${ids["charlie-forest.mov"]}?project=Charlie`,
        editor,
      );
      expect(deleted.status, deleted.text).toBe(200);
      expect(
        (await binItems(bin)).some(
          (i) => i.project === "Charlie" && i.media_id === ids["charlie-forest.mov"],
        ),
      ).toBe(false);

      // A file gone from disk, a row gone, and an id taken over by a new item.
      await rm(join(roots.Bravo as string, "bravo-logo.mov"));
      const alpha = openLibrary(roots.Alpha as string);
      try {
        const beach = ids["alpha-beach.mov"] as number;
        alpha.db.prepare("DELETE FROM media WHERE id = ?").run(beach);
        const reused = alpha.media.saveProbe(
          { relPath: "newcomer.mov", kind: "video", size: 1, mtimeMs: 1, fingerprint: "n" },
          CLIP_PROBE,
          stageDone("probe"),
        );
        expect(reused).toBe(beach);
      } finally {
        alpha.close();
      }
      const statuses = (await binItems(bin)).map((i) => `${i.project}:${i.status}`);
      expect(statuses).toEqual(["Alpha:ok", "Bravo:file_missing", "Charlie:ok", "Alpha:id_reused"]);

      const emptied = openLibrary(roots.Alpha as string);
      try {
        emptied.db.prepare("DELETE FROM media WHERE id = ?").run(ids["alpha-beach.mov"]);
      } finally {
        emptied.close();
      }
      expect((await binItems(bin)).at(-1)).toMatchObject({ project: "Alpha", status: "row_missing" });

      // A project that leaves the registry.
      expect((await api.request("DELETE", "/api/projects/Charlie", admin)).status).toBe(200);
      expect((await binItems(bin)).map((i) => `${i.project}:${i.status}`)).toContain(
        "Charlie:project_unregistered",
      );
      api.registry.projects.add("Charlie", roots.Charlie as string);

      const removed = await api.request(
        "DELETE",
        `/api/bins/${bin}/items/Alpha/${ids["alpha-logo.mov"]}`,
        editor,
      );
      expect(removed.status).toBe(200);
      expect(
        (await api.request("DELETE", `/api/bins/${bin}/items/Alpha/${ids["alpha-logo.mov"]}`, editor)).status,
      ).toBe(404);
      const renamed = await api.request("PATCH", `/api/bins/${bin}`, { ...editor, body: { name: "Logos" } });
      expect(renamed.json()).toMatchObject({ name: "Logos" });
      for (const [body, status] of [
        [{ project: "Nope", media_id: 1 }, 422],
        [{ project: "Alpha", media_id: 999_999 }, 404],
        [{ project: "Alpha", media_id: -1 }, 422],
        [{ project: "Alpha" }, 422],
      ] as const) {
        const res = await api.request("POST", `/api/bins/${bin}/items`, { ...editor, body });
        expect(res.status, JSON.stringify(body)).toBe(status);
      }
      expect(
        (await api.request("PATCH", "/api/bins/999999", { ...editor, body: { name: "x" } })).status,
      ).toBe(404);
      expect((await api.request("POST", "/api/bins", { ...editor, body: { name: "" } })).status).toBe(422);
    });

    it("searches every project with one embedding, merges by score, and lists a missing drive as an error", async () => {
      const gone = join(api.home, "..", "Unplugged");
      await mkdir(gone);
      api.registry.projects.add("Unplugged", gone);
      await rm(gone, { recursive: true });
      const embedsBefore = host.requests.filter((r) => r.path === "/api/embed").length;
      const res = await api.request("GET", "/api/search/all?q=the%20client%27s%20logo&limit=10", reader);
      expect(res.status, res.text).toBe(200);
      const body = res.json<{
        items: { project: string; name: string; score: number }[];
        errors: { project: string; detail: string }[];
        search_mode: string;
      }>();
      expect(body.search_mode).toBe("semantic");
      expect(host.requests.filter((r) => r.path === "/api/embed").length - embedsBefore).toBeLessThanOrEqual(
        1,
      );
      expect(new Set(body.items.map((i) => i.project))).toEqual(new Set(["Alpha", "Bravo", "Charlie"]));
      const scores = body.items.map((i) => i.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(body.errors).toEqual([{ project: "Unplugged", detail: expect.stringMatching(/not reachable/) }]);
      expect(res.text).not.toContain(api.home);
      expect(res.text).not.toMatch(/"\/(tmp|home|var)\//);

      const narrowed = await api.request(
        "GET",
        "/api/search/all?q=logo&per_project_limit=1&projects=Alpha,Charlie",
        reader,
      );
      const items = narrowed.json<{ items: { project: string }[] }>().items;
      expect(items.map((i) => i.project).sort()).toEqual(["Alpha", "Charlie"]);

      expect((await api.request("GET", "/api/search/all?q=logo&projects=Zulu", reader)).status).toBe(422);
      expect((await api.request("GET", "/api/search/all?q=logo&limit=0", reader)).status).toBe(422);
      api.registry.projects.remove("Unplugged");
    });

    it("lists a project whose folder was renamed away while open as an error, never answering from the open library", async () => {
      type Answer = { items: { project: string }[]; errors: { project: string; detail: string }[] };
      const search = async () => {
        const res = await api.request("GET", "/api/search/all?q=the%20client%27s%20logo", reader);
        expect(res.status, res.text).toBe(200);
        return res.json<Answer>();
      };
      // Open on the search threads and in the pool.
      expect((await search()).items.map((i) => i.project)).toContain("Bravo");
      expect((await api.request("GET", "/api/media?project=Bravo", reader)).status).toBe(200);
      const bravo = roots.Bravo as string;
      const away = `${bravo} (unplugged)`;
      await rename(bravo, away);
      try {
        const gone = await search();
        expect(gone.items.map((i) => i.project)).not.toContain("Bravo");
        expect(gone.errors).toEqual([{ project: "Bravo", detail: expect.stringMatching(/not reachable/) }]);
        const media = await api.request("GET", "/api/media?project=Bravo", reader);
        expect(media.status).toBe(503);
        expect(media.json<{ detail: string }>().detail).toMatch(/Bravo.*not reachable/);
      } finally {
        await rename(away, bravo);
      }
      const back = await search();
      expect(back.errors).toEqual([]);
      expect(back.items.map((i) => i.project)).toContain("Bravo");
      expect((await api.request("GET", "/api/media?project=Bravo", reader)).status).toBe(200);
    });

    it("lists every project that does not answer in time instead of waiting on it", async () => {
      host.setLatency(1_500);
      try {
        const started = performance.now();
        const result = await searchAll(
          api.ctx,
          api.libraries,
          { q: "a query nobody asked before" },
          { timeoutMs: 200 },
        );
        expect(performance.now() - started).toBeLessThan(1_400);
        expect(result.items).toEqual([]);
        expect(result.errors.map((e) => e.project)).toEqual(["Alpha", "Bravo", "Charlie"]);
        expect(result.errors[0]?.detail).toMatch(/no answer within 0.2 s/);
      } finally {
        host.setLatency(0);
      }
    });

    it("falls back to text matching per project when the model host cannot embed", async () => {
      host.failNext("/api/embed", "500", 5);
      // The search embeds once; the failures it leaves queued must not reach the other tests.
      try {
        const res = await api.request("GET", "/api/search/all?q=reception", reader);
        expect(res.status, res.text).toBe(200);
        const body = res.json<{
          items: { project: string; name: string; score: number }[];
          search_mode: string;
        }>();
        expect(body.search_mode).toBe("text");
        expect(body.items.map((i) => i.name)).toContain("charlie-logo.mov");
        expect(body.items.every((i) => typeof i.score === "number")).toBe(true);
      } finally {
        host.clearFailures("/api/embed");
      }
    });
  });
});
