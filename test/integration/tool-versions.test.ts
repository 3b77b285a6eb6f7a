import { chmod, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";

/**
 * A stand-in ffmpeg that answers `-version` like the real one and counts how often it was asked;
 * anything else is handed to the real program.
 */
async function countingFfmpeg(dir: string) {
  const bin = join(dir, "ffmpeg");
  const counter = join(dir, "asked");
  await writeFile(
    bin,
    `#!/bin/sh\nif [ "$1" = "-version" ]; then echo x >> '${counter}'; echo "ffmpeg version 9.9-counting"; exit 0; fi\nexec ffmpeg "$@"\n`,
  );
  await chmod(bin, 0o755);
  const asked = async () =>
    (await readFile(counter, "utf8").catch(() => "")).split("\n").filter(Boolean).length;
  return { bin, asked };
}

/** A stand-in exiftool that counts its starts and hands everything to the real program. */
async function countingExiftool(dir: string) {
  const bin = join(dir, "exiftool");
  const counter = join(dir, "exiftool-started");
  await writeFile(bin, `#!/bin/sh\necho x >> '${counter}'\nexec exiftool "$@"\n`);
  await chmod(bin, 0o755);
  const started = async () =>
    (await readFile(counter, "utf8").catch(() => "")).split("\n").filter(Boolean).length;
  return { bin, started };
}

describe("the programs' versions, remembered per machine", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  beforeEach(async () => {
    ws = await tempWorkspace("svc-tool-versions-");
  });
  afterEach(() => ws.cleanup());

  it("asks an unchanged program once across commands, and again once its file changes", async () => {
    const ffmpeg = await countingFfmpeg(ws.base);
    const env = ws.env({ SVC_FFMPEG: ffmpeg.bin });
    for (let i = 0; i < 3; i += 1) expect((await svc(["ingest"], env)).exitCode).toBe(0);
    expect(await ffmpeg.asked()).toBe(1);
    const record = JSON.parse(await readFile(join(ws.home, "tool-versions.json"), "utf8"));
    expect(record[ffmpeg.bin].version).toBe("9.9-counting");

    // An upgrade replaces the file: its times change, and the new copy is asked.
    const later = new Date(Date.now() + 60_000);
    await utimes(ffmpeg.bin, later, later);
    expect((await svc(["ingest"], env)).exitCode).toBe(0);
    expect(await ffmpeg.asked()).toBe(2);
  });

  it("asks exiftool its version through the process that then reads the files: Perl starts once", async () => {
    const exiftool = await countingExiftool(ws.base);
    await makeStill(ws.root, "jpg");
    const env = ws.env({ SVC_EXIFTOOL: exiftool.bin });
    const first = await svc(["ingest", "--no-embed"], env);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(await exiftool.started()).toBe(1);
    const record = JSON.parse(await readFile(join(ws.home, "tool-versions.json"), "utf8"));
    expect(record[exiftool.bin].version).toMatch(/^\d+\.\d+/);
  });

  it("still refuses a program that does not run, and a damaged record is only a cost", async () => {
    const broken = join(ws.base, "broken-ffmpeg");
    await writeFile(broken, "#!/bin/sh\nexit 1\n");
    await chmod(broken, 0o755);
    const result = await svc(["ingest"], ws.env({ SVC_FFMPEG: broken }));
    expect(result.exitCode).not.toBe(0);

    const ffmpeg = await countingFfmpeg(ws.base);
    await writeFile(join(ws.home, "tool-versions.json"), "{ not json");
    expect((await svc(["ingest"], ws.env({ SVC_FFMPEG: ffmpeg.bin }))).exitCode).toBe(0);
    expect(await ffmpeg.asked()).toBe(1);
    expect(JSON.parse(await readFile(join(ws.home, "tool-versions.json"), "utf8"))[ffmpeg.bin]).toBeDefined();
  });
});
