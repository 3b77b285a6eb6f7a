import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, type Config, ConfigError, loadConfig } from "../../state/config.js";

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

  /**
   * Every variable the schema knows, a valid value unlike its default, and where it must land. A
   * variable added to the schema without a row here fails the first test below.
   */
  const READS: Record<string, [value: string, read: (c: Config) => unknown, expected: unknown]> = {
    PROJECT_ROOT: ["/srv/footage", (c) => c.projectRoot, "/srv/footage"],
    SVC_HOME: ["/var/lib/svc", (c) => c.home, "/var/lib/svc"],
    SVC_PORT: ["9000", (c) => c.port, 9000],
    SVC_MCP_PORT: ["9001", (c) => c.mcpPort, 9001],
    SVC_BIND_HOST: ["0.0.0.0", (c) => c.bindHost, "0.0.0.0"],
    OLLAMA_HOST: ["http://gpu-box:11434/", (c) => c.ollamaHost, "http://gpu-box:11434"],
    SVC_CHAT_MODEL: ["llama3:8b", (c) => c.models.chat, "llama3:8b"],
    SVC_INTENT_MODEL: ["qwen2.5:3b", (c) => c.models.intent, "qwen2.5:3b"],
    SVC_VISION_MODEL: ["llava", (c) => c.models.vision, "llava"],
    SVC_EMBED_MODEL: ["nomic-embed-text", (c) => c.models.embed, "nomic-embed-text"],
    SVC_ASR: ["none", (c) => c.asr.backend, "none"],
    SVC_WHISPER_BIN: ["whisper-cli", (c) => c.asr.whisperBin, "whisper-cli"],
    SVC_WHISPER_MODEL: ["/models/ggml-base.bin", (c) => c.asr.whisperModel, "/models/ggml-base.bin"],
    SVC_ASR_URL: ["http://asr.lan:8000", (c) => c.asr.url, "http://asr.lan:8000"],
    SVC_PROXY_HEIGHT: ["540", (c) => c.proxyHeight, 540],
    SVC_PROXY_HWDECODE: ["vaapi", (c) => c.proxyHwDecode, "vaapi"],
    SVC_EDITOR_PROXY_HEIGHT: ["720", (c) => c.editorProxyHeight, 720],
    SVC_INGEST_HALT_STREAK: ["0", (c) => c.haltStreak, 0],
    SVC_LUT_DIR: ["/srv/luts", (c) => c.lutDir, "/srv/luts"],
    SVC_ADMIN_BOOTSTRAP_TOKEN: [
      "a-long-bootstrap-secret",
      (c) => c.adminBootstrapToken,
      "a-long-bootstrap-secret",
    ],
    SVC_ALLOWED_HOSTS: [
      "edit-01.local, Review.Studio",
      (c) => c.allowedHosts,
      ["edit-01.local", "review.studio"],
    ],
    SVC_TRUST_LOOPBACK: ["0", (c) => c.trustLoopback, false],
    SVC_TRUST_PROXY_HEADERS: ["1", (c) => c.trustProxyHeaders, true],
    SVC_FFMPEG: ["/opt/ffmpeg/bin/ffmpeg", (c) => c.binaries.ffmpeg, "/opt/ffmpeg/bin/ffmpeg"],
    SVC_FFPROBE: ["/opt/ffmpeg/bin/ffprobe", (c) => c.binaries.ffprobe, "/opt/ffmpeg/bin/ffprobe"],
    SVC_EXIFTOOL: ["/opt/exiftool/exiftool", (c) => c.binaries.exiftool, "/opt/exiftool/exiftool"],
    SVC_LOG_LEVEL: ["debug", (c) => c.logLevel, "debug"],
    SVC_CPU_CONCURRENCY: ["17", (c) => c.cpuConcurrency, 17],
    SVC_SEARCH_THREADS: ["4", (c) => c.searchThreads, 4],
    SVC_VECTOR_SCALAR: ["i8", (c) => c.vectorScalar, "i8"],
    SVC_MODEL_CHECK_S: ["2.5", (c) => c.modelCheckMs, 2500],
    SVC_SCENE_THRESHOLD: ["0.45", (c) => c.sceneThreshold, 0.45],
    SVC_SYNC_MIN_CONFIDENCE: ["0.8", (c) => c.syncMinConfidence, 0.8],
    SVC_SEQUENCE_FPS: ["23.976", (c) => c.sequenceFps, 23.976],
    SVC_WATCH_SETTLE_MS: ["750", (c) => c.watchSettleMs, 750],
    SVC_WATCH_POLL: ["1", (c) => c.watchPoll, true],
    SVC_TRASH_DAYS: ["7", (c) => c.trashDays, 7],
    SVC_OFFLOAD_DESTS: ["/mnt/shuttle:/mnt/raid", (c) => c.offloadDests, ["/mnt/shuttle", "/mnt/raid"]],
    SVC_CARD_MOUNT_ROOTS: ["/srv/cards", (c) => c.cardMountRoots, ["/srv/cards"]],
    SVC_OFFLOAD_SOURCES: [
      "/mnt/ingest, /srv/cards/Day 1:2",
      (c) => c.offloadSources,
      ["/mnt/ingest", "/srv/cards/Day 1:2"],
    ],
    SVC_LICENCE_PUBLIC_KEY: [
      "e78a40MwQ9xZAeloIfA4oZ24U6I3GjmBlFa9Xz6uEhU=",
      (c) => c.licencePublicKey,
      "e78a40MwQ9xZAeloIfA4oZ24U6I3GjmBlFa9Xz6uEhU=",
    ],
    SVC_MACHINE_ID: ["edit-bay-3", (c) => c.machineId, "edit-bay-3"],
    SVC_PUBLIC_URL: ["http://bay3.lan:8501/", (c) => c.publicUrl, "http://bay3.lan:8501"],
    SVC_LEASE_TIMEOUT_S: ["2.5", (c) => c.leaseTimeoutMs, 2500],
    SVC_HOST_ROLE: ["seat", (c) => c.hostRole, "seat"],
    SVC_SEAT_TOKEN: ["svc_seat_secret", (c) => c.seatToken, "svc_seat_secret"],
    SVC_DISCOVERY: ["0", (c) => c.discovery, false],
    SVC_MODEL_HOSTS: [
      "http://gpu1:11434/, http://gpu2:11434,http://gpu1:11434",
      (c) => c.modelHosts,
      ["http://gpu1:11434", "http://gpu2:11434"],
    ],
    SVC_ASR_URLS: [
      "http://asr1:8000,http://asr2:8000",
      (c) => c.asrUrls,
      ["http://asr1:8000", "http://asr2:8000"],
    ],
  };

  it("refuses an SVC_LICENCE_PUBLIC_KEY that is neither PEM nor 32 bytes of base64, naming it", () => {
    expect(() => loadConfig({ SVC_LICENCE_PUBLIC_KEY: "not-a-key" })).toThrow(/SVC_LICENCE_PUBLIC_KEY/);
  });

  it("has a test row for every variable of the schema, and none for a variable it does not read", () => {
    expect(Object.keys(READS).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it.each(CONFIG_VARIABLES.map((name) => [name]))("reads %s", (name) => {
    const row = READS[name];
    if (!row) throw new Error(`${name} has no row in READS`);
    const [value, read, expected] = row;
    expect(read(loadConfig({ [name]: value }))).toEqual(expected);
    expect(read(loadConfig({}))).not.toEqual(expected);
  });

  it("refuses a relative folder in SVC_OFFLOAD_DESTS or SVC_CARD_MOUNT_ROOTS, naming the variable", () => {
    for (const name of ["SVC_OFFLOAD_DESTS", "SVC_CARD_MOUNT_ROOTS"]) {
      expect(() => loadConfig({ [name]: "/mnt/ok:relative/dest" })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: "relative" })).toThrow(
        expect.objectContaining({ constructor: ConfigError, variable: name }),
      );
    }
  });

  it("refuses a relative folder in SVC_OFFLOAD_SOURCES, naming the variable", () => {
    expect(() => loadConfig({ SVC_OFFLOAD_SOURCES: "/mnt/ingest,relative/cards" })).toThrow(
      /^SVC_OFFLOAD_SOURCES: expected absolute folders separated by commas \(got "relative\/cards"\)$/,
    );
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
    ["SVC_SEARCH_THREADS", "17"],
    ["SVC_VECTOR_SCALAR", "f32"],
    ["SVC_MODEL_CHECK_S", "0"],
    ["SVC_SYNC_MIN_CONFIDENCE", "1.5"],
    ["SVC_SCENE_THRESHOLD", "2"],
    ["SVC_SEQUENCE_FPS", "10000"],
    ["SVC_ADMIN_BOOTSTRAP_TOKEN", "short"],
    ["SVC_LEASE_TIMEOUT_S", "0.1"],
    ["SVC_HOST_ROLE", "leader"],
    ["SVC_PUBLIC_URL", "bay3.lan:8501"],
    ["SVC_MODEL_HOSTS", "http://gpu1:11434,gpu2"],
    ["SVC_ASR_URLS", "ftp://asr1"],
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
