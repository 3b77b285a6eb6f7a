import { describe, expect, it } from "vitest";
import { announcementFor, announcementOff } from "../../library/hosting/announce.js";
import { hostOf } from "../../library/hosting/seen-hosts.js";

const input = {
  version: "0.1.0",
  hostname: "edit-3",
  machineId: "0123456789abcdef0123456789abcdef",
  url: "http://10.0.0.3:8501",
  port: 8501,
  projects: [
    { id: "11111111-1111-4111-8111-111111111111", name: "Zebra doc" },
    { id: null, name: "Ad spot" },
  ],
};

const txtBytes = (txt: Record<string, string>) =>
  Object.entries(txt).reduce((sum, [key, value]) => sum + 1 + Buffer.byteLength(`${key}=${value}`), 0);

describe("what a host announces", () => {
  it("announces nothing bound to loopback or with SVC_DISCOVERY=0", () => {
    expect(announcementOff({ discovery: true, bindHost: "127.0.0.1" })).toMatch(/loopback/);
    expect(announcementOff({ discovery: true, bindHost: "::1" })).toMatch(/loopback/);
    expect(announcementOff({ discovery: true, bindHost: "localhost" })).toMatch(/loopback/);
    expect(announcementOff({ discovery: false, bindHost: "0.0.0.0" })).toBe("SVC_DISCOVERY=0");
    expect(announcementOff({ discovery: true, bindHost: "0.0.0.0" })).toBeNull();
    expect(announcementOff({ discovery: true, bindHost: "10.0.0.3" })).toBeNull();
  });

  it("says its version, URL, API path, host, a short machine id and its projects by name, and reads back", () => {
    const ad = announcementFor(input);
    expect(ad).toMatchObject({ name: "svc on edit-3 port 8501", type: "svc", port: 8501 });
    expect(ad.txt).toMatchObject({
      txtvers: "1",
      version: "0.1.0",
      api: "/api/",
      url: "http://10.0.0.3:8501",
      hostname: "edit-3",
      machine: "0123456789ab",
      projects: "2",
      p1: "- Ad spot",
      p2: "11111111-1111-4111-8111-111111111111 Zebra doc",
    });
    const host = hostOf({
      name: ad.name,
      host: "edit-3.local",
      port: 8501,
      addresses: ["10.0.0.3"],
      txt: ad.txt,
    });
    expect(host).toEqual({
      name: "svc on edit-3 port 8501",
      hostname: "edit-3",
      urls: ["http://10.0.0.3:8501"],
      api: "/api/",
      version: "0.1.0",
      machine: "0123456789ab",
      projects: [
        { id: null, name: "Ad spot" },
        { id: "11111111-1111-4111-8111-111111111111", name: "Zebra doc" },
      ],
      projects_total: 2,
    });
  });

  it("cuts long names at 60 bytes on a character and leaves out projects past 1300 bytes, keeping the count", () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      name: `Projekt ${String(i).padStart(2, "0")} ${"é".repeat(40)}\nline`,
    }));
    const ad = announcementFor({ ...input, projects: many });
    expect(txtBytes(ad.txt)).toBeLessThanOrEqual(1300);
    for (const value of Object.values(ad.txt)) expect(Buffer.byteLength(value)).toBeLessThan(255);
    expect(ad.txt.projects).toBe("40");
    const host = hostOf({ name: ad.name, host: "edit-3.local", port: 8501, addresses: [], txt: ad.txt });
    expect(host?.projects.length).toBeGreaterThan(5);
    expect(host?.projects.length).toBeLessThan(40);
    expect(host?.projects_total).toBe(40);
    expect(host?.projects[0]?.name).toMatch(/^Projekt 00 é+$/);
    expect(Buffer.byteLength(host?.projects[0]?.name ?? "")).toBeLessThanOrEqual(60);
  });

  it("ignores a service of the same type that is not svc's", () => {
    expect(hostOf({ name: "printer", host: "p.local", port: 1, addresses: [], txt: {} })).toBeNull();
  });
});
