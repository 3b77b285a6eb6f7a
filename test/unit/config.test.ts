import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../state/config.js";

describe("config", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({ HOME: "/home/editor" });
    expect(config.port).toBe(8501);
    expect(config.mcpPort).toBe(8502);
    expect(config.bindHost).toBe("127.0.0.1");
    expect(config.ollamaHost).toBe("http://127.0.0.1:11434");
    expect(config.models).toEqual({
      chat: "qwen2.5:14b",
      intent: undefined,
      vision: "qwen2.5vl:7b",
      embed: "bge-m3",
    });
    expect(config.asr.backend).toBe("auto");
    expect(config.proxyHeight).toBe(720);
    expect(config.editorProxyHeight).toBe(1080);
    expect(config.haltStreak).toBe(5);
    expect(config.trustLoopback).toBe(true);
    expect(config.trustProxyHeaders).toBe(false);
    expect(config.logLevel).toBe("info");
    expect(config.home.endsWith(".svc")).toBe(true);
  });

  it("is frozen", () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.models)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow();
  });

  it("reads every variable it documents", () => {
    const config = loadConfig({
      PROJECT_ROOT: "/srv/footage",
      SVC_HOME: "/var/lib/svc",
      SVC_PORT: "9000",
      SVC_MCP_PORT: "9001",
      SVC_BIND_HOST: "0.0.0.0",
      OLLAMA_HOST: "http://gpu-box:11434/",
      SVC_CHAT_MODEL: "llama3:8b",
      SVC_INTENT_MODEL: "qwen2.5:3b",
      SVC_VISION_MODEL: "llava",
      SVC_EMBED_MODEL: "nomic-embed-text",
      SVC_ASR: "none",
      SVC_PROXY_HEIGHT: "540",
      SVC_PROXY_HWDECODE: "vaapi",
      SVC_EDITOR_PROXY_HEIGHT: "720",
      SVC_INGEST_HALT_STREAK: "0",
      SVC_ALLOWED_HOSTS: "edit-01.local, Review.Studio",
      SVC_TRUST_LOOPBACK: "0",
      SVC_TRUST_PROXY_HEADERS: "1",
      SVC_LOG_LEVEL: "debug",
      SVC_SCENE_THRESHOLD: "0.45",
    });
    expect(config.projectRoot).toBe("/srv/footage");
    expect(config.home).toBe("/var/lib/svc");
    expect(config.port).toBe(9000);
    expect(config.ollamaHost).toBe("http://gpu-box:11434");
    expect(config.models.intent).toBe("qwen2.5:3b");
    expect(config.asr.backend).toBe("none");
    expect(config.haltStreak).toBe(0);
    expect(config.allowedHosts).toEqual(["edit-01.local", "review.studio"]);
    expect(config.trustLoopback).toBe(false);
    expect(config.trustProxyHeaders).toBe(true);
    expect(config.sceneThreshold).toBe(0.45);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ SVC_PORT: "", PROJECT_ROOT: "" })).toMatchObject({
      port: 8501,
      projectRoot: undefined,
    });
  });

  it.each([
    ["SVC_PORT", "eighty"],
    ["SVC_PORT", "70000"],
    ["SVC_MCP_PORT", "-1"],
    ["OLLAMA_HOST", "not a url"],
    ["OLLAMA_HOST", "ftp://host"],
    ["SVC_ASR", "google"],
    ["SVC_PROXY_HEIGHT", "12"],
    ["SVC_EDITOR_PROXY_HEIGHT", "2160"],
    ["SVC_INGEST_HALT_STREAK", "-3"],
    ["SVC_INGEST_HALT_STREAK", "1.5"],
    ["SVC_TRUST_LOOPBACK", "maybe"],
    ["SVC_LOG_LEVEL", "loud"],
    ["SVC_CPU_CONCURRENCY", "0"],
    ["SVC_SCENE_THRESHOLD", "2"],
    ["SVC_ADMIN_BOOTSTRAP_TOKEN", "short"],
  ])("refuses %s=%s with an error naming the variable", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message.startsWith(`${name}:`)).toBe(true);
  });

  it("never echoes the bootstrap secret in its error", () => {
    const secret = "s3cr3t-xyz";
    let message = "";
    try {
      loadConfig({ SVC_ADMIN_BOOTSTRAP_TOKEN: secret });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^SVC_ADMIN_BOOTSTRAP_TOKEN: /);
    expect(message).not.toContain(secret);
  });
});
