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

let api: TestApi;
let asr: AsrTestServer;
let root: string;
let heard: string[] = "the harbour lights came on".split(" ");
/** The snapshot of the first run: the transcripts as ingest wrote them. */
let firstBackup: string | null = null;

const texts = () => {
  const lib = openLibrary(root);
  try {
    return lib.db.prepare("SELECT rel_path, transcript FROM media ORDER BY rel_path").all() as {
      rel_path: string;
      transcript: string | null;
    }[];
  } finally {
    lib.close();
  }
};

const status = async () =>
  (await api.request("GET", "/api/retranscribe-all/status")).json<RetranscribeStatus>();

async function runAll(body: unknown = {}): Promise<RetranscribeStatus> {
  const res = await api.request("POST", "/api/retranscribe-all", { body });
  expect(res.status, res.text).toBe(202);
  expect(res.json<RetranscribeStatus>().running).toBe(true);
  await until("retranscribe-all to finish", async () => !(await status()).running);
  return status();
}

beforeAll(async () => {
  asr = await startAsrServer({ words: () => heard });
  api = await startApi({ env: { SVC_ASR: "openai", SVC_ASR_URL: asr.url } });
  root = api.root as string;
  await makeAudio(root, "one.wav", { seconds: 2 });
  await makeAudio(root, "two.m4a", { seconds: 2 });
  const pass = await svc(["ingest"], {
    PROJECT_ROOT: root,
    SVC_HOME: api.home,
    SVC_ASR: "openai",
    SVC_ASR_URL: asr.url,
  });
  expect(pass.exitCode, pass.stderr).toBe(0);
});

afterAll(async () => {
  await api?.close();
  await asr?.close();
});

describe("retranscribe-all", () => {
  it("snapshots first, transcribes every audio item again and reports progress", async () => {
    expect(texts().map((t) => t.transcript)).toEqual([
      "the harbour lights came on",
      "the harbour lights came on",
    ]);
    heard = "the boat came in at dawn".split(" ");
    const done = await runAll();
    expect(done).toMatchObject({ total: 2, done: 2, failed: 0, running: false, current: null });
    expect(done.backup).toMatch(/^retranscribe-.*\.jsonl$/);
    firstBackup = done.backup;
    expect(texts().map((t) => t.transcript)).toEqual([
      "the boat came in at dawn",
      "the boat came in at dawn",
    ]);
    const { backups } = (await api.request("GET", "/api/recorrect/backups")).json<{
      backups: { id: string; kind: string; items: number }[];
    }>();
    expect(backups[0]).toMatchObject({ id: done.backup, kind: "retranscribe", items: 2 });
  });

  it("refuses backup: false with 422 before anything runs: the snapshot is always taken", async () => {
    const before = texts();
    const res = await api.request("POST", "/api/retranscribe-all", { body: { backup: false } });
    expect(res.status, res.text).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/^backup: the snapshot .* is always taken/);
    expect((await status()).running).toBe(false);
    expect(texts()).toEqual(before);
  });

  it("keeps a good transcript when the new decode is empty", async () => {
    heard = [];
    const done = await runAll({ backup: true });
    expect(done).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect(done.backup).toMatch(/^retranscribe-.*\.jsonl$/);
    expect(done.backup).not.toBe(firstBackup);
    expect(texts().map((t) => t.transcript)).toEqual([
      "the boat came in at dawn",
      "the boat came in at dawn",
    ]);
  });

  it("is refused with 409 while another job holds the ingest slot", async () => {
    const lease = claimSlot(api.registry, ingestSlotName(root), "test ingest");
    try {
      const res = await api.request("POST", "/api/retranscribe-all", { body: {} });
      expect(res.status).toBe(409);
      expect(res.json<{ detail: string }>().detail).toMatch(/test ingest/);
    } finally {
      lease.release();
    }
  });

  it("refuses a bad language or field with 422", async () => {
    for (const body of [{ language: "klingon!" }, { backup: "yes" }, { everything: true }]) {
      const res = await api.request("POST", "/api/retranscribe-all", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it("restores the transcripts of before the run through revert", async () => {
    const listed = (await api.request("GET", "/api/recorrect/backups")).json<{ backups: { id: string }[] }>();
    expect(listed.backups.map((b) => b.id)).toContain(firstBackup);
    const res = await api.request("POST", "/api/recorrect/revert", { body: { backup: firstBackup } });
    expect(res.status, res.text).toBe(200);
    expect(texts().map((t) => t.transcript)).toEqual([
      "the harbour lights came on",
      "the harbour lights came on",
    ]);
  });

  it("gives the recogniser the dictionary's `pre` words as its prompt", async () => {
    const put = await api.request("PUT", "/api/corrections", {
      body: {
        rules: [
          { from: "jon smith", to: "John Smith", pre: true },
          { from: "acme", to: "ACME", pre: true, post: false },
          { from: "colour", to: "color" },
        ],
      },
    });
    expect(put.status).toBe(200);
    const seen = asr.requests.length;
    await runAll();
    const prompts = asr.requests.slice(seen).map((r) => r.prompt);
    expect(prompts).toEqual(["John Smith, ACME", "John Smith, ACME"]);
  });

  it("fails each item, leaving its transcript alone, while the recogniser is down", async () => {
    heard = "something else entirely".split(" ");
    const before = texts();
    await asr.close();
    const done = await runAll();
    expect(done).toMatchObject({ total: 2, done: 0, failed: 2 });
    expect(done.errors).toHaveLength(2);
    expect(texts()).toEqual(before);
  });
});
