import { describe, expect, it } from "vitest";
import { createItemMachine, runItem } from "../../pipeline/machine.js";
import type { StageName } from "../../pipeline/stages/types.js";

const machine = createItemMachine();

describe("item machine", () => {
  it("runs every stage in order from probe to done", async () => {
    const seen: StageName[] = [];
    const outcome = await runItem(machine, {
      from: "probe",
      until: null,
      exec: async (s) => void seen.push(s),
    });
    expect(outcome).toEqual({ status: "done" });
    expect(seen).toEqual(["probe", "thumbnails", "frames", "transcript", "vision", "embed", "proxy"]);
  });

  it("resumes from the stage after the last finished one", async () => {
    const seen: StageName[] = [];
    await runItem(machine, { from: "frames", until: null, exec: async (s) => void seen.push(s) });
    expect(seen).toEqual(["frames", "transcript", "vision", "embed", "proxy"]);
  });

  it("stops after `until`", async () => {
    const seen: StageName[] = [];
    await runItem(machine, { from: "thumbnails", until: "frames", exec: async (s) => void seen.push(s) });
    expect(seen).toEqual(["thumbnails", "frames"]);
  });

  it("ends in failed at the stage that threw, running nothing after it", async () => {
    const seen: StageName[] = [];
    const boom = new Error("decode error");
    const outcome = await runItem(machine, {
      from: "probe",
      until: null,
      exec: async (s) => {
        seen.push(s);
        if (s === "thumbnails") throw boom;
      },
    });
    expect(outcome).toEqual({ status: "failed", stage: "thumbnails", error: boom });
    expect(seen).toEqual(["probe", "thumbnails"]);
  });
});
