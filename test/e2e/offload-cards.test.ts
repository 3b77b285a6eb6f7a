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
  let stdout: () => string = () => "";
  let mounts = "";
  let dests = "";

  const jobs = async () =>
    (
      (await (await fetch(new URL("/api/offload/status", url))).json()) as {
        jobs: { source: string; state: string }[];
      }
    ).jobs;
  /** Whether a poll has looked at the volume `name` and found it is not a camera card. */
  const passedOver = (name: string) =>
    stdout()
      .split("\n")
      .some(
        (line) =>
          line.includes('"new volume is not a camera card; not offloaded"') &&
          line.includes(`"volume":"${name}"`),
      );
  /**
   * Mounts a stick and waits for a poll to pass it over: that poll listed the mounts after
   * everything done before the stick was mounted.
   */
  const pollAfter = async (stick: string) => {
    await mount(stick, { "notes.txt": "not a card" });
    await until(`a poll that saw ${stick}`, () => passedOver(stick));
  };
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
    ({
      child: daemon,
      url,
      stdout,
    } = await startServe(
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
    // Two polls later: still one job, none for the baseline card or the stick.
    await pollAfter("STICK2");
    await pollAfter("STICK3");
    expect(passedOver("USBSTICK")).toBe(true);
    expect((await jobs()).map((j) => j.source)).toEqual(["A001"]);

    await rm(join(mounts, "A001"), { recursive: true });
    // A poll that sees a stick mounted after the card was removed has seen the card gone.
    await pollAfter("STICK4");
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
