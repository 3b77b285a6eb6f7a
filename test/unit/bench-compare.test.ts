import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const COMPARE = join(import.meta.dirname, "..", "..", "bench", "compare.mjs");

const run = (finishedAt: string, table: Record<string, string>[]) => ({ finishedAt, table });
const figure = (measure: string, value: string, load: string, other: string) => ({
  measure,
  value,
  "CPU-s": "",
  "load avg": load,
  "other load": other,
  target: "",
  result: "",
});

describe("npm run bench:compare", () => {
  let dir: string;
  let before: string;
  let after: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-bench-compare-"));
    before = join(dir, "before.json");
    after = join(dir, "after.json");
    await writeFile(
      before,
      JSON.stringify(
        run("2026-11-24T10:00:00.000Z", [
          figure("api: stats", "400 req/s, p50 10 ms, p99 40 ms", "1.50", "5%"),
          figure("ingest: ratio", "2.00", "~0.90", "~3%"),
          figure("dropped figure", "1 s", "", ""),
        ]),
      ),
    );
    await writeFile(
      after,
      JSON.stringify(
        run("2026-11-25T10:00:00.000Z", [
          figure("api: stats", "800 req/s, p50 10 ms, p99 10 ms", "0.50", "2%"),
          figure("ingest: ratio", "1.20", "~1.10", "~4%"),
          figure("new figure", "3 s", "", ""),
        ]),
      ),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("prints each figure before and after with the change of every number and the load of each", async () => {
    const { stdout, exitCode } = await execa(process.execPath, [COMPARE, before, after]);
    expect(exitCode).toBe(0);
    const line = (name: string) => stdout.split("\n").find((l) => l.startsWith(name)) ?? "";
    expect(line("api: stats")).toMatch(/400 req\/s.*800 req\/s.*\+100%, =, -75%.*1\.50 \/ 5% → 0\.50 \/ 2%/);
    expect(line("ingest: ratio")).toMatch(/2\.00\s+1\.20\s+-40%\s+~0\.90 \/ ~3% → ~1\.10 \/ ~4%/);
    expect(line("dropped figure")).toMatch(/1 s\s+—/);
    expect(line("new figure")).toMatch(/—\s+3 s/);
  });

  it("explains its usage and exits 2 without two files", async () => {
    const result = await execa(process.execPath, [COMPARE, before], { reject: false });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toMatch(/usage: npm run bench:compare -- before\.json after\.json/);
  });
});
