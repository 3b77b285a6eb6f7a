import { describe, expect, it } from "vitest";
import { settleSequences } from "../../daemon/sequence-settle.js";
import { FakeClock } from "../support/fake-clock.js";

const SETTLE_MS = 2000;

function watched() {
  const clock = new FakeClock();
  const changed: string[] = [];
  const handlers = settleSequences(
    { changed: (p) => changed.push(p), removed: () => {}, removedDir: () => {}, error: () => {} },
    SETTLE_MS,
    (ms, fn) => clock.after(ms, fn),
  );
  return { clock, changed, handlers };
}

describe("a sequence being rendered", () => {
  it("is reported once, after its last frame settled for the settle time", async () => {
    const { clock, changed, handlers } = watched();
    for (let frame = 1001; frame <= 1010; frame += 1) {
      handlers.changed(`plates/shot.${frame}.dpx`);
      await clock.advance(SETTLE_MS - 1);
      expect(changed).toEqual([]);
    }
    await clock.advance(1);
    expect(changed).toEqual(["plates/shot.1010.dpx"]);
    expect(clock.pending).toBe(0);
  });

  it("settles each sequence on its own, and passes other files straight through", async () => {
    const { clock, changed, handlers } = watched();
    handlers.changed("a.0001.exr");
    handlers.changed("clip.mov");
    handlers.changed("IMG_0001.JPG");
    await clock.advance(SETTLE_MS / 2);
    handlers.changed("b.0001.exr");
    expect(changed).toEqual(["clip.mov", "IMG_0001.JPG"]);
    await clock.advance(SETTLE_MS / 2);
    expect(changed).toEqual(["clip.mov", "IMG_0001.JPG", "a.0001.exr"]);
    await clock.advance(SETTLE_MS / 2);
    expect(changed.at(-1)).toBe("b.0001.exr");
  });

  it("forgets what is still settling when closed", async () => {
    const { clock, changed, handlers } = watched();
    handlers.changed("a.0001.dpx");
    handlers.close();
    await clock.advance(SETTLE_MS);
    expect(changed).toEqual([]);
  });
});
