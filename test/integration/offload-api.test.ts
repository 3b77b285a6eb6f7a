import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OffloadJob } from "../../domain/schemas/offload.js";
import { claimSlot } from "../../library/jobs/slots.js";
import { startApi, type TestApi } from "../support/api.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

let api: TestApi;
let ws: Awaited<ReturnType<typeof tempWorkspace>>;
let card: string;
const clip = randomBytes(700_000);

beforeAll(async () => {
  ws = await tempWorkspace("svc-offload-api-");
  // Over the API a card is read only from an allowed folder (offload-sources.test.ts): the whole
  // workspace is one here.
  api = await startApi({ env: { SVC_OFFLOAD_SOURCES: ws.base } });
  card = join(ws.base, "A001");
  await mkdir(join(card, "CONTENTS", "CLIPS"), { recursive: true });
  await writeFile(join(card, "CONTENTS", "CLIPS", "A001C001.MXF"), clip);
  await writeFile(join(card, "CONTENTS", "INDEX.XML"), "<index/>");
});
afterAll(async () => {
  await api?.close();
  await ws?.cleanup();
});

const post = (body: unknown) => api.request("POST", "/api/offload", { body });

describe("POST /api/offload", () => {
  it("answers 202 with a job whose status shows per-destination progress and no absolute paths", async () => {
    const dests = [join(ws.base, "drives", "SHUTTLE_A"), join(ws.base, "drives", "RAID")];
    const res = await post({ source: card, dests });
    expect(res.status, res.text).toBe(202);
    const { job } = res.json<{ job: OffloadJob }>();
    expect(job).toMatchObject({
      kind: "offload",
      state: "running",
      source: "A001",
      hash: "xxh64",
      verify: true,
    });
    const done = await until("the offload to finish", async () => {
      const status = await api.request("GET", "/api/offload/status");
      expect(status.status).toBe(200);
      expect(status.text).not.toContain(ws.base);
      const found = status.json<{ jobs: OffloadJob[] }>().jobs.find((j) => j.id === job.id);
      return found?.state === "done" ? found : undefined;
    });
    expect(done.dests).toEqual([
      expect.objectContaining({
        name: "SHUTTLE_A",
        files_total: 2,
        files_done: 2,
        failed: 0,
        bytes_done: clip.length + 8,
      }),
      expect.objectContaining({ name: "RAID", files_total: 2, files_done: 2, failed: 0 }),
    ]);
    for (const dest of dests) {
      expect((await readFile(join(dest, "CONTENTS", "CLIPS", "A001C001.MXF"))).equals(clip)).toBe(true);
      expect((await readdir(join(dest, "ascmhl"))).some((n) => n.endsWith(".mhl"))).toBe(true);
    }
  });

  it.each([
    ["/etc/svc-offload"],
    ["/usr/share/footage"],
    ["/"],
    ["C:\\Windows\\System32"],
    ["C:/Windows"],
    ["\\\\?\\C:\\"],
    ["\\\\.\\PhysicalDrive0"],
    ["\\\\host\\C$"],
    ["\\\\fileserver\\ADMIN$\\x"],
  ])("answers 403 for the denied destination %s", async (dest) => {
    const res = await post({ source: card, dests: [dest] });
    expect(res.status, res.text).toBe(403);
  });

  it("answers 403 for SVC_HOME, and for a symlink that leads into a denied place", async () => {
    expect((await post({ source: card, dests: [join(api.home, "copies")] })).status).toBe(403);
    const { symlink } = await import("node:fs/promises");
    await symlink("/etc", join(ws.base, "sneaky"));
    expect((await post({ source: card, dests: [join(ws.base, "sneaky", "x")] })).status).toBe(403);
  });

  it("answers 422, never 500, for malformed destinations and sources", async () => {
    const file = join(ws.base, "a-file");
    await writeFile(file, "x");
    const empty = join(ws.base, "EMPTY");
    await mkdir(join(empty, "DCIM"), { recursive: true });
    const bodies: unknown[] = [
      { source: card, dests: [""] },
      { source: card, dests: ["/mnt/a\0b"] },
      { source: card, dests: ["relative/day01"] },
      { source: card, dests: ["C:footage"] },
      { source: card, dests: [file] },
      { source: card, dests: [join(card, "copy")] },
      { source: card, dests: [] },
      { source: card, dests: [42] },
      { source: card },
      { source: card, dests: [join(ws.base, "X")], hash: "crc32" },
      { source: card, dests: [join(ws.base, "X")], extra: true },
      { source: "", dests: [join(ws.base, "X")] },
      { source: join(ws.base, "missing"), dests: [join(ws.base, "X")] },
      { source: file, dests: [join(ws.base, "X")] },
      { source: empty, dests: [join(ws.base, "X")] },
      "not json",
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBe(422);
      expect(res.text).not.toContain(ws.base);
    }
  });

  it("refuses a second offload of a source that is being offloaded (409, naming the first)", async () => {
    const lease = claimSlot(
      api.registry,
      `offload:${await realpath(card)}`,
      "card offload on the cart (test)",
    );
    try {
      const res = await post({ source: card, dests: [join(ws.base, "busy")] });
      expect(res.status).toBe(409);
      expect(res.text).toMatch(/card offload on the cart \(test\)/);
    } finally {
      lease.release();
    }
  });
});
