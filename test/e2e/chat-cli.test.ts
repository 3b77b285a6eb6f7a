import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isClassifier, routeTo, type ChatResponse as Turn } from "../support/chat.js";
import { type ServeChild, type SvcChild, startServe, startSvc, svc } from "../support/cli.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

const lines = (stdout: string) => stdout.split("\n").filter((l) => l.trim() !== "");

describe("svc chat", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: FakeModelHost;
  let open: ServeChild;
  let locked: ServeChild;
  let env: Record<string, string>;

  beforeAll(async () => {
    ws = await tempWorkspace();
    host = await startFakeModelHost();
    host.setChatScript((request) =>
      isClassifier(request) ? routeTo("general") : `answer to: ${request.messages.at(-1)?.content}`,
    );
    env = ws.env({ OLLAMA_HOST: host.url, SVC_PORT: "0", SVC_MCP_PORT: "0" });
    open = await startServe(env);
    // The same library behind a daemon that wants a token even from loopback.
    locked = await startServe({ ...env, SVC_TRUST_LOOPBACK: "0" });
  }, 60_000);

  afterAll(async () => {
    open?.child.kill("SIGKILL");
    locked?.child.kill("SIGKILL");
    await host?.close();
    await ws?.cleanup();
  });

  const chat = (args: string[], extra: Record<string, string> = {}, input?: string) =>
    svc(
      ["chat", ...args],
      { ...env, SVC_URL: open.url, ...extra },
      60_000,
      input === undefined ? {} : { input },
    );

  it("asks one question and prints the answer, with the turn's facts on stderr", async () => {
    const result = await chat(["what", "is a J cut?"]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe("answer to: what is a J cut?");
    expect(result.stderr).toMatch(/\[\w+ · no scenes · conversation [0-9a-f-]{36}\]/);
  });

  it("prints the raw response with --json, and continues a conversation with --conversation", async () => {
    const first = await chat(["--json", "first question"]);
    expect(first.exitCode, first.stderr).toBe(0);
    const turn = JSON.parse(first.stdout) as Turn;
    expect(Object.keys(turn).sort()).toEqual(
      ["assistant_text", "conversation_id", "intent", "latency_ms", "scene_ids", "tokens_used"].sort(),
    );
    const next = await chat(["--json", "--conversation", turn.conversation_id, "second question"]);
    expect((JSON.parse(next.stdout) as Turn).conversation_id).toBe(turn.conversation_id);
  });

  it("reads one prompt per line from stdin, all in one conversation; /new starts another", async () => {
    const result = await chat(["--json"], {}, "first line\n\n  second line  \n/new\nthird line\n");
    expect(result.exitCode, result.stderr).toBe(0);
    const turns = lines(result.stdout).map((l) => JSON.parse(l) as Turn);
    expect(turns.map((t) => t.assistant_text)).toEqual([
      "answer to: first line",
      "answer to: second line",
      "answer to: third line",
    ]);
    expect(turns[1]?.conversation_id).toBe(turns[0]?.conversation_id);
    expect(turns[2]?.conversation_id).not.toBe(turns[0]?.conversation_id);
  });

  it("needs a token when the daemon does, and works with one", async () => {
    const refused = await chat(["hello"], { SVC_URL: locked.url });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/token/);
    const created = await svc(["token", "create", "--name", "cli", "--scopes", "chat_write", "--json"], env);
    expect(created.exitCode, created.stderr).toBe(0);
    const { secret } = JSON.parse(created.stdout) as { secret: string };
    const allowed = await chat(["--url", locked.url, "--token", secret, "hello"]);
    expect(allowed.exitCode, allowed.stderr).toBe(0);
    expect(allowed.stdout).toBe("answer to: hello");
    expect(allowed.stderr).not.toContain(secret);
    expect(allowed.stdout).not.toContain(secret);
  });

  it("ends the interactive mode at a 401 instead of refusing every line", async () => {
    const result = await chat([], { SVC_URL: locked.url }, "first\nsecond\n");
    expect(result.exitCode).toBe(2);
    expect(result.stderr.match(/--token or SVC_TOKEN/g)).toHaveLength(1);
  });

  it("exits 75 naming the URL when no daemon listens there", async () => {
    const result = await chat(["hello"], { SVC_URL: "http://127.0.0.1:9" });
    expect(result.exitCode).toBe(75);
    expect(result.stderr).toMatch(/cannot reach svc at http:\/\/127\.0\.0\.1:9.*svc serve/);
  });

  it("ends the interactive mode with 75 when no daemon listens", async () => {
    const result = await chat([], { SVC_URL: "http://127.0.0.1:9" }, "first\nsecond\n");
    expect(result.exitCode).toBe(75);
    expect(result.stderr.match(/cannot reach svc/g)).toHaveLength(1);
  });

  it("exits 75 with the server's detail when the model host is down (503)", async () => {
    await host.stop();
    try {
      const result = await chat(["hello"]);
      expect(result.exitCode).toBe(75);
      expect(result.stderr).toMatch(/^svc: .*model host/m);
      expect(result.stdout).toBe("");
    } finally {
      await host.start();
    }
  });

  it("shows a refused turn in the interactive mode and reads the next line", async () => {
    const unknown = randomUUID();
    const result = await chat(["--json", "--conversation", unknown], {}, "first\n/new\nsecond\n");
    expect(result.stderr).toMatch(/^svc: no conversation with that id$/m);
    const turns = lines(result.stdout).map((l) => JSON.parse(l) as Turn);
    expect(turns.map((t) => t.assistant_text)).toEqual(["answer to: second"]);
    expect(turns[0]?.conversation_id).not.toBe(unknown);
    // A turn was refused, so a script sees it even though later turns were answered.
    expect(result.exitCode).toBe(2);
  });

  it("names SVC_URL when it is not an http(s) URL", async () => {
    const result = await chat(["hello"], { SVC_URL: "localhost:8501" });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/SVC_URL/);
  });

  describe("Ctrl-C", () => {
    let run: SvcChild | undefined;
    const start = (args: string[]) => {
      run = startSvc(["chat", ...args], { ...env, SVC_URL: open.url }, { stdin: "pipe" });
      return run;
    };

    afterEach(() => {
      run?.kill("SIGKILL");
    });

    it("during a turn exits 130 at once", async () => {
      host.setLatency(60_000);
      try {
        // Known by its own prompt: the daemons' start-up model checks also reach the host, and may
        // still be arriving when this test runs first.
        const prompt = `hello ${randomUUID()}`;
        const chatting = start([prompt]);
        await until("the turn reaching the model host", () =>
          host.requests.some((r) => r.path === "/api/chat" && JSON.stringify(r.body).includes(prompt)),
        );
        const sent = Date.now();
        chatting.kill("SIGINT");
        const result = await chatting;
        expect(Date.now() - sent).toBeLessThan(5_000);
        expect(result.exitCode, String(result.stderr)).toBe(130);
        expect(String(result.stderr)).not.toMatch(/unexpected error|\n\s+at /);
      } finally {
        host.setLatency(0);
      }
    });

    it("while waiting for a line exits 130 at once", async () => {
      const chatting = start(["--json"]);
      let answered = "";
      chatting.stdout?.on("data", (chunk: Buffer) => {
        answered += chunk.toString();
      });
      chatting.stdin?.write("hello\n");
      await until("the first answer", () => answered.includes("\n"));
      chatting.kill("SIGINT");
      const result = await chatting;
      expect(result.exitCode, String(result.stderr)).toBe(130);
      expect((JSON.parse(String(result.stdout)) as Turn).assistant_text).toBe("answer to: hello");
    });
  });

  it.each([
    ["an empty prompt", ["   "], /prompt is empty/],
    ["an unknown flag", ["--colour", "x", "hi"], /usage:/],
    ["a bad URL", ["--url", "ftp://x", "hi"], /--url/],
  ])("exits 2 on %s", async (_what, args, message) => {
    const result = await chat(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("exits 2 with the server's detail for a refused turn", async () => {
    const result = await chat(["--project", "nowhere", "hello"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/project_scope: no registered project named "nowhere"/);
  });
});
