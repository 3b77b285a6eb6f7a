import { describe, expect, it } from "vitest";
import { resolveScriptsFolder, starterConfig } from "../../library/handoff/resolve-install.js";

describe("Resolve's per-user scripts folder", () => {
  it("is under HOME on Linux", () => {
    expect(resolveScriptsFolder("linux", { HOME: "/home/ed" })).toBe(
      "/home/ed/.local/share/DaVinciResolve/Fusion/Scripts/Utility",
    );
  });

  it("is under HOME's Library on macOS", () => {
    expect(resolveScriptsFolder("darwin", { HOME: "/Users/ed" })).toBe(
      "/Users/ed/Library/Application Support/Blackmagic Design/DaVinci Resolve/Fusion/Scripts/Utility",
    );
  });

  it("is under APPDATA on Windows, else the profile's roaming folder", () => {
    expect(resolveScriptsFolder("win32", { APPDATA: "C:\\Users\\ed\\AppData\\Roaming", HOME: "/x" })).toBe(
      "C:\\Users\\ed\\AppData\\Roaming\\Blackmagic Design\\DaVinci Resolve\\Support\\Fusion\\Scripts\\Utility",
    );
    expect(resolveScriptsFolder("win32", { USERPROFILE: "C:\\Users\\ed" })).toBe(
      "C:\\Users\\ed\\AppData\\Roaming\\Blackmagic Design\\DaVinci Resolve\\Support\\Fusion\\Scripts\\Utility",
    );
  });

  it("asks for --dir when the variable is missing or the system has no Resolve", () => {
    expect(() => resolveScriptsFolder("linux", {})).toThrow(/HOME is not set.*--dir/);
    expect(() => resolveScriptsFolder("win32", { HOME: "/home/ed" })).toThrow(/APPDATA is not set/);
    expect(() => resolveScriptsFolder("freebsd", { HOME: "/home/ed" })).toThrow(/not freebsd.*--dir/);
  });
});

describe("the script's starter config", () => {
  it("points at this svc, over loopback when it listens on every address", () => {
    expect(JSON.parse(starterConfig("127.0.0.1", 8501))).toEqual({
      url: "http://127.0.0.1:8501",
      token: "",
      project: "",
      path_map: [],
      roots: {},
    });
    expect(JSON.parse(starterConfig("0.0.0.0", 9000)).url).toBe("http://127.0.0.1:9000");
    expect(JSON.parse(starterConfig("::1", 9000)).url).toBe("http://[::1]:9000");
  });
});
