import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { noTools } from "../../adapters/index.js";
import { lineSanitiser, tailLogs } from "../../library/system/logs.js";
import { loadConfig } from "../../state/config.js";
import { silentLogger } from "../../state/logger.js";
import { openRegistry } from "../../state/stores.js";
import { testContext } from "../support/context.js";
import { tempWorkspace } from "../support/temp.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe("lineSanitiser", () => {
  const sanitise = lineSanitiser([
    { path: "/srv/footage", label: "<project:footage>" },
    { path: "/srv/footage/nested", label: "<project:nested>" },
    { path: "/var/lib/svc", label: "<SVC_HOME>" },
    { path: "C:\\Media\\Shoot", label: "<project:shoot>" },
    { path: "/", label: "<never>" },
  ]);

  it("strips raw and JSON-escaped control characters, and bidi overrides", () => {
    expect(sanitise("a\x1b[31mb\x07c\td\u202ee\x7ff\x85g\u061ch\u2067i")).toBe("a[31mbcdefghi");
    expect(sanitise(String.raw`{"msg":"x\u001b[2Jy\u0007z\u061C!"}`)).toBe('{"msg":"x[2Jyz!"}');
  });

  it("redacts bearer and basic credentials, token parameters, svc secrets and credential fields", () => {
    const secret = `svc_${"a1B2".repeat(10)}`;
    const cases: [string, string][] = [
      ["Authorization: Bearer abc.def-ghi", "Authorization: Bearer [redacted]"],
      ["authorization=Basic dXNlcjpwYXNz", "authorization=Basic [redacted]"],
      ["GET /api/media?limit=5&token=s3cret&x=1", "GET /api/media?limit=5&token=[redacted]&x=1"],
      ["ws /api/events?access_token=s3cret", "ws /api/events?access_token=[redacted]"],
      ["env SVC_ADMIN_BOOTSTRAP_TOKEN=hunter2hunter2", "env SVC_ADMIN_BOOTSTRAP_TOKEN=[redacted]"],
      [`copied ${secret} to clipboard`, "copied svc_[redacted] to clipboard"],
      [
        '{"authorization":"Bearer x","cookie":"sid=1"}',
        '{"authorization":"[redacted]","cookie":"[redacted]"}',
      ],
      ['{"token":"abc","tokens_used":12}', '{"token":"[redacted]","tokens_used":12}'],
    ];
    for (const [input, output] of cases) expect(sanitise(input), input).toBe(output);
  });

  it("keeps a request line JSON when it masks the secret in its query", () => {
    for (const query of ["id=1&grant=abc.def", "token=abc", "access_token=abc&x=1", "api_key=abc"]) {
      const record = { level: 30, method: "GET", path: `/api/stream?${query}`, status: 200, msg: "request" };
      const parsed = JSON.parse(sanitise(JSON.stringify(record))) as typeof record;
      expect(parsed, query).toEqual({ ...record, path: expect.stringContaining("=[redacted]") });
      expect(parsed.path).not.toContain("abc");
    }
  });

  it("leaves already redacted text and ordinary words alone", () => {
    for (const line of [
      '{"authorization":"[redacted]","msg":"Bearer [redacted]"}',
      "token expired for edit bay 2",
      "tokens_used=12",
    ]) {
      expect(sanitise(line)).toBe(line);
    }
  });

  it("replaces known folders by their label and other absolute paths by [path]", () => {
    expect(sanitise('{"p":"/srv/footage/day1/a.mov"}')).toBe('{"p":"<project:footage>/day1/a.mov"}');
    expect(sanitise('{"p":"/srv/footage/nested/b.mov"}')).toBe('{"p":"<project:nested>/b.mov"}');
    expect(sanitise('{"p":"/srv/footage2/c.mov"}')).toBe('{"p":"[path]"}');
    expect(sanitise('{"log":"/var/lib/svc/logs/svc.1.log"}')).toBe('{"log":"<SVC_HOME>/logs/svc.1.log"}');
    expect(sanitise(String.raw`{"p":"C:\\Media\\Shoot\\a.mov"}`)).toBe(
      String.raw`{"p":"<project:shoot>\\a.mov"}`,
    );
    expect(sanitise(String.raw`{"p":"D:\\Other\\b.mov","q":"E:/x/y"}`)).toBe('{"p":"[path]","q":"[path]"}');
    expect(sanitise("at run (/usr/lib/node/x.js:1:2) via file:///opt/app/y.js")).toBe(
      "at run ([path]) via file://[path]",
    );
  });

  it("keeps API paths, URLs, relative paths and times readable", () => {
    const line =
      '{"time":"2026-01-02T03:04:05Z","path":"/api/media/3?limit=5","url":"http://127.0.0.1:8501/api/x","rel":"card 01/A001.mp4","ratio":"10/20"}';
    expect(sanitise(line)).toBe(line);
  });
});

describe("tailLogs", () => {
  async function setup() {
    const ws = await tempWorkspace("svc-tail-");
    cleanups.push(ws.cleanup);
    const config = loadConfig({ SVC_HOME: ws.home });
    const registry = openRegistry(ws.home);
    cleanups.push(async () => registry.close());
    const ctx = testContext({
      config,
      registry,
      adapters: noTools(config),
      log: silentLogger(),
      version: "0.0.0-test",
    });
    const logs = join(ws.home, "logs");
    await mkdir(logs, { recursive: true });
    const lines = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => JSON.stringify({ n: from + i })).join("\n");
    // Numbered as pino-roll numbers them; 10 sorts after 9, not after 1.
    await writeFile(join(logs, "svc.9.log"), `${lines(0, 10)}\n`);
    await writeFile(join(logs, "svc.10.log"), `${lines(10, 12)}\n`);
    await writeFile(join(logs, "unrelated.log"), "not ours\n");
    return { ctx, logs, ws };
  }
  const numbers = (tail: { lines: string[] }) =>
    tail.lines.map((line) => (JSON.parse(line) as { n: number }).n);

  it("continues into older rotated files, oldest line first", async () => {
    const { ctx } = await setup();
    const five = await tailLogs(ctx, { lines: 5, bytes: 64 * 1024 });
    expect(numbers(five)).toEqual([7, 8, 9, 10, 11]);
    expect(five.truncated).toBe(true);
    const all = await tailLogs(ctx, { lines: 100, bytes: 64 * 1024 });
    expect(numbers(all)).toEqual([...Array(12).keys()]);
    expect(all.truncated).toBe(false);
  });

  it("reads only the end of a file and drops the line cut in half", async () => {
    const { ctx, logs } = await setup();
    const big = Array.from({ length: 2000 }, (_, n) => JSON.stringify({ n, pad: "p".repeat(40) })).join("\n");
    await writeFile(join(logs, "svc.11.log"), `${big}\n`);
    const tail = await tailLogs(ctx, { lines: 5000, bytes: 2048 });
    expect(tail.truncated).toBe(true);
    expect(JSON.stringify(tail).length).toBeLessThanOrEqual(2048);
    expect(numbers(tail).at(-1)).toBe(1999);
    expect(numbers(tail)).toEqual([...numbers(tail)].sort((a, b) => a - b));
  });

  it("does not read through a link planted among the log files", async () => {
    const { ctx, logs, ws } = await setup();
    await writeFile(join(ws.base, "secret.txt"), "outside the logs folder\n");
    await symlink(join(ws.base, "secret.txt"), join(logs, "svc.12.log"));
    const tail = await tailLogs(ctx, { lines: 100, bytes: 64 * 1024 });
    expect(tail.lines.join("\n")).not.toContain("outside the logs folder");
    expect(numbers(tail)).toHaveLength(12);
  });

  it("answers an empty tail when nothing has been logged yet", async () => {
    const ws = await tempWorkspace("svc-tail-");
    cleanups.push(ws.cleanup);
    const registry = openRegistry(ws.home);
    cleanups.push(async () => registry.close());
    const config = loadConfig({ SVC_HOME: ws.home });
    const ctx = testContext({
      config,
      registry,
      adapters: noTools(config),
      log: silentLogger(),
      version: "0.0.0-test",
    });
    expect(await tailLogs(ctx, { lines: 10, bytes: 4096 })).toEqual({ lines: [], truncated: false });
  });
});
