import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DockerfileParser, type Instruction } from "dockerfile-ast";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROUTES } from "../../api/routes/index.js";

// These machines have a Docker client but no daemon or registry: the image is never built here,
// so the files are checked by parsing them.
const REPO = join(import.meta.dirname, "..", "..");
const dockerfile = DockerfileParser.parse(readFileSync(join(REPO, "Dockerfile"), "utf8"));
const compose = parse(readFileSync(join(REPO, "docker", "compose.yaml"), "utf8")) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

interface Service {
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: { type: string; source: string; target: string; read_only?: boolean }[];
  stop_grace_period?: string;
  build?: { context: string; dockerfile: string };
}

/** The instructions of the last stage: what the image runs with. */
function finalStage(): Instruction[] {
  const all = dockerfile.getInstructions();
  const lastFrom = all.map((i) => i.getKeyword()).lastIndexOf("FROM");
  return all.slice(lastFrom);
}
const keyword = (stage: Instruction[], name: string) => stage.filter((i) => i.getKeyword() === name);

/** ENV of the final stage as a map (`KEY=value` pairs, continued lines included). */
function imageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of keyword(finalStage(), "ENV")) {
    for (const arg of instruction.getArguments()) {
      const [key, ...value] = arg.getValue().split("=");
      if (key) env[key] = value.join("=");
    }
  }
  return env;
}

/** Compose's `${VAR:-default}` interpolation, as `docker compose` would do it with `env`. */
const interpolate = (text: string, env: Record<string, string>) =>
  text.replace(/\$\{([A-Z_]+)(?::-([^}]*))?\}/g, (_m, name: string, fallback = "") => env[name] || fallback);

/** Every published port of the compose file: host address and port, with `env` applied. */
function published(env: Record<string, string>) {
  return Object.values(compose.services).flatMap((service) =>
    (service.ports ?? []).map((spec) => {
      const parts = interpolate(spec, env).split(":");
      return { spec, parts };
    }),
  );
}

describe("the Dockerfile", () => {
  it("is multi-stage: the runtime stage copies what the build stage made", () => {
    const froms = dockerfile.getFROMs();
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const builder = froms[0]?.getBuildStage();
    expect(builder).toBeTruthy();
    const copies = keyword(finalStage(), "COPY").map((i) => i.getTextContent());
    expect(copies.some((c) => c.includes(`--from=${builder}`))).toBe(true);
  });

  it("runs as a user that is not root", () => {
    const users = keyword(finalStage(), "USER").map((i) => i.getArgumentsContent()?.trim() ?? "");
    expect(users.length).toBeGreaterThan(0);
    const user = (users.at(-1) ?? "").split(":")[0];
    expect(["", "root", "0"]).not.toContain(user);
  });

  it("takes ffmpeg and exiftool from Debian and points svc at them", () => {
    const runs = keyword(finalStage(), "RUN").map((i) => i.getArgumentsContent() ?? "");
    const apt = runs.find((r) => r.includes("apt-get install")) ?? "";
    expect(apt).toMatch(/\bffmpeg\b/);
    expect(apt).toMatch(/\blibimage-exiftool-perl\b/);
    expect(imageEnv()).toMatchObject({
      SVC_FFMPEG: "/usr/bin/ffmpeg",
      SVC_FFPROBE: "/usr/bin/ffprobe",
      SVC_EXIFTOOL: "/usr/bin/exiftool",
    });
  });

  it("checks health on a public route that exists, on the port svc listens on", () => {
    const checks = keyword(finalStage(), "HEALTHCHECK");
    expect(checks).toHaveLength(1);
    const url = /https?:\/\/[^'" )]+/.exec(checks[0]?.getArgumentsContent() ?? "")?.[0];
    expect(url).toBeDefined();
    const { pathname, port } = new URL(url as string);
    const route = ROUTES.find((r) => r.method === "GET" && r.path === pathname);
    expect(route, `${pathname} is not a route`).toBeDefined();
    expect(route?.scopes, "the health check sends no token").toBeNull();
    expect(port).toBe(imageEnv().SVC_PORT);
  });
});

describe("docker/compose.yaml", () => {
  it("runs svc beside Ollama and points svc at it", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["ollama", "svc"]);
    expect(compose.services.svc?.environment?.OLLAMA_HOST).toBe("http://ollama:11434");
    expect(compose.services.svc?.build).toMatchObject({ context: "..", dockerfile: "Dockerfile" });
  });

  it("publishes 8501, 8502 and 11434 on 127.0.0.1 only by default", () => {
    const ports = published({});
    expect(ports.map((p) => Number(p.parts[1])).sort((a, b) => a - b)).toEqual([8501, 8502, 11434]);
    for (const { spec, parts } of ports) {
      // "8501:8501" with no address would publish on every interface.
      expect(parts, spec).toHaveLength(3);
      expect(parts[0], spec).toBe("127.0.0.1");
    }
  });

  it("opens them when SVC_BIND_HOST=0.0.0.0", () => {
    for (const { spec, parts } of published({ SVC_BIND_HOST: "0.0.0.0" }))
      expect(parts[0], spec).toBe("0.0.0.0");
  });

  it("mounts the footage read-write at PROJECT_ROOT and keeps SVC_HOME on a named volume", () => {
    const env = imageEnv();
    const mounts = compose.services.svc?.volumes ?? [];
    const footage = mounts.find((m) => m.target === env.PROJECT_ROOT);
    expect(footage).toMatchObject({ type: "bind" });
    expect(footage?.read_only).not.toBe(true);
    const home = mounts.find((m) => m.target === env.SVC_HOME);
    expect(home).toMatchObject({ type: "volume" });
    expect(Object.keys(compose.volumes)).toContain(home?.source);
  });

  it("gives svc longer to stop than its own shutdown takes", () => {
    expect(compose.services.svc?.stop_grace_period).toMatch(/^\d+s$/);
    expect(Number.parseInt(compose.services.svc?.stop_grace_period ?? "0", 10)).toBeGreaterThan(10);
  });
});
