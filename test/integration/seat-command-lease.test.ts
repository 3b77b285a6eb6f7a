import { mkdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLease, type LeaseRecord } from "../../state/lease-file.js";
import { projectPaths } from "../../state/paths.js";
import { ensureProjectId } from "../../state/project-id.js";
import { startApi, type TestApi } from "../support/api.js";
import { tempWorkspace } from "../support/temp.js";

// The project's lease is held by a command on another workstation (`svc ingest` serves nothing):
// a seat has nobody to forward to and says who holds the project and with what.
describe("a seat whose project's lease a command holds", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let api: TestApi;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-seat-command-");
    const paths = projectPaths(ws.root);
    await mkdir(paths.dataDir);
    const stamp = new Date().toISOString();
    const record: LeaseRecord = {
      svc_lease: 1,
      host: {
        hostname: "edit-1",
        machine_id: "other-machine",
        account: "editor",
        svc_home: "/home/editor/.svc",
      },
      pid: 4242,
      process: "svc ingest",
      url: null,
      mcp_url: null,
      project_id: ensureProjectId(paths),
      heartbeat: 0,
      taken_at: stamp,
      beat_at: stamp,
    };
    expect(createLease(paths.hostLease, record)).toBe(true);
    api = await startApi({
      projectRoot: ws.root,
      env: { SVC_SEAT_TOKEN: "svc_unused", SVC_LEASE_TIMEOUT_S: "2" },
    });
  });

  afterAll(async () => {
    await api?.close();
    await ws?.cleanup();
  });

  it("answers 503 naming the host and the command, with Retry-After", async () => {
    const res = await api.request("GET", "/api/media");
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("2");
    expect(res.json<{ detail: string }>().detail).toMatch(/hosted by edit-1 \(svc ingest\)/);
  });

  it("shows the project as a seat's, its host without a URL", async () => {
    const [project] = (await api.request("GET", "/api/projects")).json<{
      projects: { role: string; host: unknown }[];
    }>().projects;
    expect(project).toMatchObject({ role: "seat", host: { name: "edit-1", url: null } });
  });
});
