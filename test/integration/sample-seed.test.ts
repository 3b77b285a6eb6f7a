import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SeedStatus } from "../../domain/schemas/system.js";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

if (!needTools("ffmpeg", "ffprobe"))
  throw new Error("seeding generates its clips with ffmpeg: install ffmpeg");

let api: TestApi;
let root: string;

const status = async () => (await api.request("GET", "/api/sample/seed/status")).json<SeedStatus>();

// A library of its own for each test: one seeds it, and another needs it unseeded.
beforeEach(async () => {
  api = await startApi();
  root = api.root as string;
});

afterEach(async () => {
  await api?.close();
});

describe("the sample library", () => {
  it("is refused with 409 while another job holds the ingest slot, writing nothing", async () => {
    const lease = claimSlot(api.registry, ingestSlotName(root), "test ingest");
    try {
      const res = await api.request("POST", "/api/sample/seed", { body: {} });
      expect(res.status).toBe(409);
      expect(res.json<{ detail: string }>().detail).toMatch(/test ingest/);
    } finally {
      lease.release();
    }
    expect(existsSync(join(root, "svc-sample"))).toBe(false);
    expect((await status()).state).toBe("idle");
  });

  it("generates clips, a still and an audio file with ffmpeg, ingests them, and then answers at once without taking the slot", async () => {
    const res = await api.request("POST", "/api/sample/seed", { body: {} });
    expect(res.status, res.text).toBe(202);
    expect(res.json()).toMatchObject({ status: "started", dir: "svc-sample" });

    // A second call while the first runs finds the slot taken.
    const second = await api.request("POST", "/api/sample/seed", { body: {} });
    expect(second.status).toBe(409);

    await until("the seed to finish", async () => (await status()).state !== "running", {
      timeoutMs: 90_000,
    });
    const done = await status();
    expect(done, JSON.stringify(done)).toMatchObject({
      state: "seeded",
      files: 4,
      total: 4,
      ingested: 4,
      failed: 0,
    });

    expect(readdirSync(join(root, "svc-sample")).sort()).toEqual([
      "harbour-scenes.mp4",
      "lighthouse-interview.mp4",
      "narration.m4a",
      "test-card.png",
    ]);
    const lib = openLibrary(root);
    try {
      const rows = lib.db
        .prepare("SELECT rel_path, kind, duration_s, audio_tracks FROM media ORDER BY rel_path")
        .all() as { rel_path: string; kind: string; duration_s: number | null; audio_tracks: number }[];
      expect(rows.map((r) => [r.rel_path, r.kind])).toEqual([
        ["svc-sample/harbour-scenes.mp4", "video"],
        ["svc-sample/lighthouse-interview.mp4", "video"],
        ["svc-sample/narration.m4a", "audio"],
        ["svc-sample/test-card.png", "image"],
      ]);
      const clip = rows[0];
      expect(clip?.duration_s).toBeCloseTo(9, 0);
      expect(clip?.audio_tracks).toBe(1);
      const scenes = lib.db
        .prepare("SELECT count(*) AS n FROM scenes s JOIN media m ON m.id = s.media_id WHERE m.rel_path = ?")
        .get("svc-sample/harbour-scenes.mp4") as { n: number };
      expect(scenes.n).toBeGreaterThanOrEqual(3);
    } finally {
      lib.close();
    }

    // Seeded, the library answers at once, without taking the slot.
    const lease = claimSlot(api.registry, ingestSlotName(root), "test ingest");
    try {
      const again = await api.request("POST", "/api/sample/seed", { body: {} });
      expect(again.status).toBe(200);
      expect(again.json()).toMatchObject({ status: "already_seeded", dir: "svc-sample" });
    } finally {
      lease.release();
    }
  });

  it("refuses an unknown body field with 422", async () => {
    const res = await api.request("POST", "/api/sample/seed", { body: { size: "huge" } });
    expect(res.status).toBe(422);
  });
});
