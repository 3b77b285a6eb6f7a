import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RetranscribeStatus } from "../../domain/schemas/transcripts.js";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { type AsrTestServer, startAsrServer } from "../support/asr-server.js";
import { svc } from "../support/cli.js";
import { makeAudio } from "../support/media.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

if (!needTools("ffmpeg", "ffprobe")) throw new Error("retranscribe-all decodes real audio: install ffmpeg");

/**
 * A project of two audio items ingested through a stand-in recogniser, with the daemon's API over
 * it; `heard` is what the recogniser hears from then on.
 */
interface Library {
  api: TestApi;
  asr: AsrTestServer;
  root: string;
  heard: string[];
}

/** A fresh library for the tests of one describe block, closed after them. */
function useLibrary(options: { asrDelayMs?: number; env?: Record<string, string> } = {}): Library {
  const lib = { heard: "the harbour lights came on".split(" ") } as Library;
  beforeAll(async () => {
    lib.asr = await startAsrServer({
      words: () => lib.heard,
      ...(options.asrDelayMs ? { delayMs: options.asrDelayMs } : {}),
    });
    lib.api = await startApi({ env: { SVC_ASR: "openai", SVC_ASR_URL: lib.asr.url, ...options.env } });
    lib.root = lib.api.root as string;
    await makeAudio(lib.root, "one.wav", { seconds: 2 });
    await makeAudio(lib.root, "two.m4a", { seconds: 2 });
    const pass = await svc(["ingest"], {
      PROJECT_ROOT: lib.root,
      SVC_HOME: lib.api.home,
      SVC_ASR: "openai",
      SVC_ASR_URL: lib.asr.url,
    });
    expect(pass.exitCode, pass.stderr).toBe(0);
  });
  afterAll(async () => {
    await lib.api?.close();
    await lib.asr?.close();
  });
  return lib;
}

const texts = (lib: Library) => {
  const opened = openLibrary(lib.root);
  try {
    return opened.db.prepare("SELECT rel_path, transcript FROM media ORDER BY rel_path").all() as {
      rel_path: string;
      transcript: string | null;
    }[];
  } finally {
    opened.close();
  }
};

const status = async (lib: Library) =>
  (await lib.api.request("GET", "/api/retranscribe-all/status")).json<RetranscribeStatus>();

async function runAll(lib: Library, body: unknown = {}): Promise<RetranscribeStatus> {
  const res = await lib.api.request("POST", "/api/retranscribe-all", { body });
  expect(res.status, res.text).toBe(202);
  expect(res.json<RetranscribeStatus>().running).toBe(true);
  await until("retranscribe-all to finish", async () => !(await status(lib)).running);
  return status(lib);
}

describe("retranscribe-all", () => {
  describe("a run, its snapshot and its revert", () => {
    const lib = useLibrary();

    // One story: the second run and the revert are about the snapshot the first run took.
    it("snapshots first, transcribes every audio item again, keeps a good transcript when the new decode is empty, and restores the transcripts of before the run through revert", async () => {
      expect(texts(lib).map((t) => t.transcript)).toEqual([
        "the harbour lights came on",
        "the harbour lights came on",
      ]);
      lib.heard = "the boat came in at dawn".split(" ");
      const done = await runAll(lib);
      expect(done).toMatchObject({ total: 2, done: 2, failed: 0, running: false, current: null });
      expect(done.backup).toMatch(/^retranscribe-.*\.jsonl$/);
      const firstBackup = done.backup;
      expect(texts(lib).map((t) => t.transcript)).toEqual([
        "the boat came in at dawn",
        "the boat came in at dawn",
      ]);
      const { backups } = (await lib.api.request("GET", "/api/recorrect/backups")).json<{
        backups: { id: string; kind: string; items: number }[];
      }>();
      expect(backups[0]).toMatchObject({ id: done.backup, kind: "retranscribe", items: 2 });

      // A decode that hears nothing keeps the good transcript.
      lib.heard = [];
      const empty = await runAll(lib, { backup: true });
      expect(empty).toMatchObject({ total: 2, done: 2, failed: 0 });
      expect(empty.backup).toMatch(/^retranscribe-.*\.jsonl$/);
      expect(empty.backup).not.toBe(firstBackup);
      expect(texts(lib).map((t) => t.transcript)).toEqual([
        "the boat came in at dawn",
        "the boat came in at dawn",
      ]);

      // Reverting the first snapshot brings back the transcripts ingest wrote.
      const listed = (await lib.api.request("GET", "/api/recorrect/backups")).json<{
        backups: { id: string }[];
      }>();
      expect(listed.backups.map((b) => b.id)).toContain(firstBackup);
      const res = await lib.api.request("POST", "/api/recorrect/revert", { body: { backup: firstBackup } });
      expect(res.status, res.text).toBe(200);
      expect(texts(lib).map((t) => t.transcript)).toEqual([
        "the harbour lights came on",
        "the harbour lights came on",
      ]);
    });
  });

  describe("refusals and the recogniser's prompt", () => {
    const lib = useLibrary();

    it("refuses backup: false with 422 before anything runs: the snapshot is always taken", async () => {
      const before = texts(lib);
      const res = await lib.api.request("POST", "/api/retranscribe-all", { body: { backup: false } });
      expect(res.status, res.text).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(/^backup: the snapshot .* is always taken/);
      expect((await status(lib)).running).toBe(false);
      expect(texts(lib)).toEqual(before);
    });

    it("is refused with 409 while another job holds the ingest slot", async () => {
      const lease = claimSlot(lib.api.registry, ingestSlotName(lib.root), "test ingest");
      try {
        const res = await lib.api.request("POST", "/api/retranscribe-all", { body: {} });
        expect(res.status).toBe(409);
        expect(res.json<{ detail: string }>().detail).toMatch(/test ingest/);
      } finally {
        lease.release();
      }
    });

    it("refuses a bad language or field with 422", async () => {
      for (const body of [{ language: "klingon!" }, { backup: "yes" }, { everything: true }]) {
        const res = await lib.api.request("POST", "/api/retranscribe-all", { body });
        expect(res.status, JSON.stringify(body)).toBe(422);
      }
    });

    it("gives the recogniser the dictionary's `pre` words as its prompt", async () => {
      const put = await lib.api.request("PUT", "/api/corrections", {
        body: {
          rules: [
            { from: "jon smith", to: "John Smith", pre: true },
            { from: "acme", to: "ACME", pre: true, post: false },
            { from: "colour", to: "color" },
          ],
        },
      });
      expect(put.status).toBe(200);
      const seen = lib.asr.requests.length;
      await runAll(lib);
      const prompts = lib.asr.requests.slice(seen).map((r) => r.prompt);
      expect(prompts).toEqual(["John Smith, ACME", "John Smith, ACME"]);
    });
  });

  describe("when this svc loses the project's host lease", () => {
    // Each recognition takes a second, so the run is caught with an item in flight.
    const lib = useLibrary({ asrDelayMs: 1_000, env: { SVC_LEASE_TIMEOUT_S: "1" } });

    it("stops at once, writing nothing more, as soon as another svc holds the lease", async () => {
      lib.heard = "words the lost host must never write".split(" ");
      const before = texts(lib);
      const res = await lib.api.request("POST", "/api/retranscribe-all", { body: {} });
      expect(res.status, res.text).toBe(202);
      await until("an item in flight", async () => (await status(lib)).current !== null);
      writeFileSync(
        join(lib.root, ".svc", "host.json"),
        JSON.stringify({
          svc_lease: 1,
          host: { hostname: "edit-2", machine_id: "other-machine", account: "editor", svc_home: "/h" },
          pid: 4242,
          process: "svc serve",
          url: "http://edit-2.invalid:8501",
          mcp_url: null,
          project_id: null,
          heartbeat: 1,
          taken_at: "2026-12-07T00:00:00.000Z",
          beat_at: "2026-12-07T00:00:00.000Z",
        }),
      );
      await until(
        "the run to stop",
        async () => !lib.api.ctx.hosts.heldLease(lib.root) && !(await status(lib)).running,
      );
      expect(await status(lib)).toMatchObject({ total: 2, done: 0 });
      expect(texts(lib)).toEqual(before);
    });
  });

  describe("with the recogniser down", () => {
    const lib = useLibrary();

    it("fails each item, leaving its transcript alone, while the recogniser is down", async () => {
      lib.heard = "something else entirely".split(" ");
      const before = texts(lib);
      await lib.asr.close();
      const done = await runAll(lib);
      expect(done).toMatchObject({ total: 2, done: 0, failed: 2 });
      expect(done.errors).toHaveLength(2);
      expect(texts(lib)).toEqual(before);
    });
  });
});
