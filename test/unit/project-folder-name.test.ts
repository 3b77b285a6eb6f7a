import { describe, expect, it } from "vitest";
import { folderName } from "../../domain/folder-name.js";

describe("folderName", () => {
  it.each([
    ["/mnt/raid/Job 42", "Job 42"],
    ["/mnt/raid/Job 42/", "Job 42"],
    ["C:\\Projects\\Job 42", "Job 42"],
    ["D:/Footage/Client\\Spot", "Spot"],
    ["E:\\", "E:"],
    ["F:/", "F:"],
    ["\\\\nas\\share\\Job 7", "Job 7"],
    ["//nas/share", "share"],
  ])("shows %s as %s", (root, shown) => {
    expect(folderName(root)).toBe(shown);
  });
});
