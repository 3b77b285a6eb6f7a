import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserCommand } from "../../adapters/browser.js";

describe("browserCommand (svc open)", () => {
  let dir: string;
  const url = "http://127.0.0.1:8765/";

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-browser-"));
    await writeFile(join(dir, "chromium"), "#!/bin/sh\n");
    await chmod(join(dir, "chromium"), 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("uses SVC_BROWSER when set, with the address as its one argument", () => {
    expect(browserCommand(url, { SVC_BROWSER: "/opt/b", PATH: dir })).toEqual({
      file: "/opt/b",
      args: [url],
    });
  });

  it("opens an app-mode window where Chromium is on PATH", () => {
    expect(browserCommand(url, { PATH: dir }, "linux")).toEqual({
      file: join(dir, "chromium"),
      args: [`--app=${url}`],
    });
  });

  it("falls back to the system opener", () => {
    const empty = join(dir, "nothing-here");
    expect(browserCommand(url, { PATH: empty }, "linux")).toEqual({ file: "xdg-open", args: [url] });
    expect(browserCommand(url, { PATH: empty }, "darwin")).toEqual({ file: "open", args: [url] });
  });
});
