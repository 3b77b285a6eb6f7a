import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServeChild, startServe, svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

describe("svc serve: cards that arrive by themselves (SVC_OFFLOAD_DESTS)", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let daemon: ServeChild["child"];
  let url = "";
  let mounts = "";
  let dests = "";

  const jobs = async () =>
    (
      (await (await fetch(new URL("/api/offload/status", url))).json()) as {
        jobs: { source: string; state: string }[];
      }
    ).jobs;
  /** Presents a card as a mount would: the whole volume appears at once. */
  const mount = async (name: string, files: Record<string, string>) => {
    const staged = join(ws.base, "staging", name);
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(join(staged, rel, ".."), { recursive: true });
      await writeFile(join(staged, rel), text);
    }
    await rename(staged, join(mounts, name));
  };

  beforeAll(async () => {
    ws = await tempWorkspace();
    mounts = join(ws.base, "media");
    dests = join(ws.base, "shuttle");
    await mkdir(join(ws.base, "staging"), { recursive: true });
    await mkdir(mounts);
    await mount("ALREADY", { "DCIM/100/IMG_0001.JPG": "mounted before svc started" });
    ({ child: daemon, url } = await startServe(
      ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_OFFLOAD_DESTS: dests, SVC_CARD_MOUNT_ROOTS: mounts }),
    ));
  }, 90_000);

  afterAll(async () => {
    if (daemon.exitCode === null) daemon.kill("SIGKILL");
    await ws.cleanup();
  });

  it("offloads a new card once, ignores the baseline and non-cards, and again after a remount", async () => {
    await mount("A001", {
      "PRIVATE/M4ROOT/CLIP/C0001.MP4": "clip one",
      "PRIVATE/M4ROOT/CLIP/C0002.MP4": "two",
    });
    await mount("USBSTICK", { "notes.txt": "not a card" });
    await until("the card's offload", async () =>
      (await jobs()).find((j) => j.source === "A001" && j.state === "done"),
    );
    expect(await readdir(join(dests, "A001", "PRIVATE", "M4ROOT", "CLIP"))).toEqual([
      "C0001.MP4",
      "C0002.MP4",
    ]);
    expect((await readdir(join(dests, "A001", "ascmhl"))).some((n) => n.endsWith(".mhl"))).toBe(true);
    // Several polls later: still one job, none for the baseline card or the stick.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await jobs()).map((j) => j.source)).toEqual(["A001"]);

    await rm(join(mounts, "A001"), { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await mount("A001", {
      "PRIVATE/M4ROOT/CLIP/C0001.MP4": "clip one",
      "PRIVATE/M4ROOT/CLIP/C0002.MP4": "two",
    });
    await until(
      "the second offload",
      async () => (await jobs()).filter((j) => j.source === "A001").length === 2,
    );
  }, 60_000);

  it("refuses to start with a denied or relative SVC_OFFLOAD_DESTS, naming the variable", async () => {
    for (const value of ["/etc/cards", "relative/dest"]) {
      const run = await svc(
        ["serve"],
        ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_OFFLOAD_DESTS: value }),
        30_000,
      );
      expect(run.exitCode, value).toBe(2);
      expect(run.stderr).toMatch(/SVC_OFFLOAD_DESTS/);
    }
  }, 60_000);
});
