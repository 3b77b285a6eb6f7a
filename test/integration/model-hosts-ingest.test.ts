import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const STILLS = 8;

describe.skipIf(!needTools("ffmpeg", "ffprobe"))(
  "svc ingest with several model hosts (SVC_MODEL_HOSTS)",
  () => {
    let ws: Awaited<ReturnType<typeof tempWorkspace>>;
    let hosts: FakeModelHost[] = [];

    beforeAll(async () => {
      ws = await tempWorkspace("svc-model-hosts-");
      const still = await makeStill(ws.base, "png");
      for (let i = 0; i < STILLS; i++) await copyFile(still, join(ws.root, `still-${i}.png`));
      hosts = await Promise.all([0, 1].map(() => startFakeModelHost({ dim: 64, latencyMs: 100 })));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(hosts.map((h) => h.close()));
      await ws?.cleanup();
    });

    it("spreads vision and embeddings over both hosts, and finishes on one when the other stops mid-way", async () => {
      const [a, b] = hosts as [FakeModelHost, FakeModelHost];
      const env = ws.env({ SVC_MODEL_HOSTS: `${a.url},${b.url}`, SVC_ASR: "none" });
      const ingest = svc(["ingest"], env);
      const work = (h: FakeModelHost) =>
        h.requests.filter((r) => r.path === "/api/chat" || r.path === "/api/embed");
      await until("both hosts to be given work", () => work(a).length > 0 && work(b).length > 0);
      await b.stop();
      const result = await ingest;
      expect(result.exitCode, result.stderr).toBe(0);
      const store = openLibrary(ws.root);
      try {
        const ids = store.media.embeddableIds();
        expect(ids).toHaveLength(STILLS);
        for (const id of ids)
          expect(store.vectors.forMedia(id).length, `vectors of item ${id}`).toBeGreaterThan(0);
      } finally {
        store.close();
      }
      expect(work(a).length).toBeGreaterThan(work(b).length);
    }, 120_000);
  },
);
