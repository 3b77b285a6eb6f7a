import { Ollama } from "ollama";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createModelHost, pullHint } from "../../adapters/modelhost.js";
import { modelHostFailure } from "../support/modelhost-failure.js";
import { type FakeModelHost, fakeEmbedding, startFakeModelHost } from "../support/modelhost-server.js";

const EMBED = "bge-m3";
const CHAT = "qwen2.5:14b";
const VISION = "qwen2.5vl:7b";

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return dot / Math.sqrt(na * nb);
};

const png = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

const VISION_SCHEMA = {
  type: "object",
  properties: {
    description: { type: "string" },
    tags: { type: "array", items: { type: "string" } },
    content_type: {
      type: "string",
      enum: ["interview", "b-roll", "landscape", "product", "graphics", "other"],
    },
    atmosphere: { type: "string", enum: ["calm", "tense", "cheerful", "dark"] },
    energy: { type: "string", enum: ["low", "medium", "high"] },
    focus: { type: "number", minimum: 0, maximum: 1 },
  },
  required: ["description", "tags", "content_type", "atmosphere", "energy", "focus"],
} as const;

interface VisionAnswer {
  description: string;
  tags: string[];
  content_type: string;
  atmosphere: string;
  energy: string;
  focus: number;
}

function parseVision(value: unknown): VisionAnswer {
  const v = value as VisionAnswer;
  if (typeof v?.description !== "string" || !Array.isArray(v.tags) || typeof v.focus !== "number") {
    throw new Error("not a vision answer");
  }
  return v;
}

describe("model host adapter against an Ollama-protocol server", () => {
  let fake: FakeModelHost;

  beforeAll(async () => {
    fake = await startFakeModelHost({ models: [EMBED, CHAT, VISION] });
  });
  afterAll(() => fake.close());
  afterEach(async () => {
    fake.setModels([EMBED, CHAT, VISION]);
    fake.setDim(1024);
    await fake.start();
  });

  const host = (timeoutMs?: number) =>
    createModelHost(timeoutMs === undefined ? { host: fake.url } : { host: fake.url, timeoutMs });

  describe("installed models", () => {
    it("lists what the host reports, with Ollama's tags", async () => {
      const names = await host().listModels();
      expect(names.sort()).toEqual(["bge-m3:latest", "qwen2.5:14b", "qwen2.5vl:7b"]);
    });

    it("reports each configured model pulled or not, matching name and name:latest", async () => {
      fake.setModels(["bge-m3:latest", "qwen2.5:14b", "library/llava"]);
      const status = await host().status([
        "bge-m3",
        "bge-m3:latest",
        "qwen2.5",
        "qwen2.5:14b",
        "library/llava:latest",
        "x:1b",
      ]);
      expect(status).toEqual({
        reachable: true,
        pulled: {
          "bge-m3": true,
          "bge-m3:latest": true,
          "qwen2.5": false,
          "qwen2.5:14b": true,
          "library/llava:latest": true,
          "x:1b": false,
        },
      });
      fake.setModels([]);
      expect((await host().status([EMBED])).pulled).toEqual({ [EMBED]: false });
    });

    it("an unreachable host is a status, not an exception", async () => {
      const gone = await startFakeModelHost();
      const url = gone.url;
      await gone.close();
      const modelHost = createModelHost({ host: url });
      const status = await modelHost.status([EMBED, CHAT]);
      expect(status.reachable).toBe(false);
      expect(status.pulled).toEqual({ [EMBED]: false, [CHAT]: false });
      expect(status.error).toMatch(/unreachable/);
      const error = await modelHostFailure(modelHost.listModels());
      expect(error.kind).toBe("unreachable");
      expect(error.message).toContain(url);
    });

    it("stopping and restarting the host flips reachability", async () => {
      const modelHost = host();
      expect((await modelHost.status([EMBED])).reachable).toBe(true);
      await fake.stop();
      const down = await modelHost.status([EMBED]);
      expect(down.reachable).toBe(false);
      expect(down.pulled[EMBED]).toBe(false);
      await fake.start();
      expect(await modelHost.status([EMBED])).toEqual({ reachable: true, pulled: { [EMBED]: true } });
    });

    it("keeps credentials in the host URL out of what it reports, and still connects", async () => {
      const url = new URL(fake.url);
      const modelHost = createModelHost({ host: `http://user:secret@${url.host}/` });
      expect(modelHost.host).toBe(fake.url);
      expect(await modelHost.listModels()).toHaveLength(3);
      expect(createModelHost({ host: "localhost" }).host).toBe("http://localhost:11434");
      expect(createModelHost({ host: url.host }).host).toBe(fake.url);
      expect(() => createModelHost({ host: "ftp://example.com" })).toThrow(/http/);
      expect(() => createModelHost({ host: fake.url, timeoutMs: 0 })).toThrow(/timeout/);
    });
  });

  describe("embeddings", () => {
    it("sends one request per batch and returns one vector per text, in order", async () => {
      const texts = Array.from({ length: 70 }, (_, i) => `shot ${i} of the harbour at night`);
      const before = fake.requests.length;
      const vectors = await host().embed(EMBED, texts, { batchSize: 32, keepAlive: "10m" });
      const sent = fake.requests.slice(before).filter((r) => r.path === "/api/embed");
      expect(sent.map((r) => (r.body as { input: string[] }).input.length)).toEqual([32, 32, 6]);
      expect(sent[0]?.body).toMatchObject({ keep_alive: "10m" });
      expect(vectors).toHaveLength(70);
      for (const [i, v] of vectors.entries()) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v.length).toBe(1024);
        expect(cosine(v, fakeEmbedding(texts[i] ?? "", 1024))).toBeCloseTo(1, 5);
      }
    });

    it("uses batches of 32 by default and sends nothing for no texts", async () => {
      const before = fake.requests.length;
      expect(await host().embed(EMBED, [])).toEqual([]);
      await host().embed(
        EMBED,
        Array.from({ length: 33 }, (_, i) => `text ${i}`),
      );
      expect(fake.requests.slice(before).filter((r) => r.path === "/api/embed")).toHaveLength(2);
    });

    it("keeps the geometry: related texts are closer than unrelated ones", async () => {
      const [query, related, unrelated] = await host().embed(EMBED, [
        "the interview where she talks about the harbour at night",
        "night interview at the harbour",
        "grandmother knitting a wool scarf by the fire",
      ]);
      if (!query || !related || !unrelated) throw new Error("missing vectors");
      const near = cosine(query, related);
      const far = cosine(query, unrelated);
      expect(near).toBeGreaterThan(0.5);
      expect(Math.abs(far)).toBeLessThan(0.2);
      expect(near).toBeGreaterThan(far);
    });

    it("an embedding of another dimension is a bad response", async () => {
      fake.failNext("/api/embed", "wrong_dim");
      const error = await modelHostFailure(host().embed(EMBED, ["first", "second"], { batchSize: 1 }));
      expect(error.kind).toBe("bad_response");
      expect(error.message).toMatch(/1023.*1024|1024.*1023/);
    });

    it("a server that changes dimension between calls is visible to the caller", async () => {
      fake.setDim(384);
      const [v] = await host().embed(EMBED, ["harbour"]);
      expect(v?.length).toBe(384);
    });

    it("a model that is not installed is model_missing with the pull command", async () => {
      const error = await modelHostFailure(host().embed("nomic-embed-text", ["harbour"]));
      expect(error.kind).toBe("model_missing");
      expect(error.model).toBe("nomic-embed-text");
      expect(error.message).toBe(pullHint("nomic-embed-text"));
      expect(error.message).toContain("ollama pull nomic-embed-text");
    });

    it("a 500 is a server error carrying Ollama's message", async () => {
      fake.failNext("/api/embed", "500");
      const error = await modelHostFailure(host().embed(EMBED, ["harbour"]));
      expect(error.kind).toBe("server");
      expect(error.message).toMatch(/500.*llama runner/);
    });

    it("an invalid JSON body is a bad response", async () => {
      fake.failNext("/api/embed", "malformed");
      expect((await modelHostFailure(host().embed(EMBED, ["harbour"]))).kind).toBe("bad_response");
    });
  });

  describe("chat", () => {
    it("answers plain text and counts prompt and answer tokens", async () => {
      const before = fake.requests.length;
      const { content, tokens } = await host().chat({
        model: CHAT,
        messages: [
          { role: "system", content: "You are terse." },
          { role: "user", content: "Which clips show the harbour at night?" },
        ],
        temperature: 0,
        keepAlive: 0,
      });
      expect(content).toContain("Which clips show the harbour");
      expect(tokens).toBeGreaterThan(content.split(" ").length);
      const body = fake.requests[before]?.body as Record<string, unknown>;
      expect(body).toMatchObject({ model: CHAT, stream: false, keep_alive: 0, options: { temperature: 0 } });
    });

    it("sends images as base64 and the answer follows the schema and the picture", async () => {
      const modelHost = host();
      const ask = async (image: Buffer) =>
        modelHost.chatJson({
          model: VISION,
          messages: [{ role: "user", content: "Describe this frame.", images: [new Uint8Array(image)] }],
          format: VISION_SCHEMA,
          parse: parseVision,
        });
      const before = fake.requests.length;
      const red = await ask(await png("#ff0000"));
      const blue = await ask(await png("#0000ff"));

      const sent = fake.requests[before]?.body as { messages: { images: unknown[] }[]; format: unknown };
      const image = sent.messages[0]?.images[0];
      expect(typeof image).toBe("string");
      expect(
        Buffer.from(image as string, "base64")
          .subarray(1, 4)
          .toString(),
      ).toBe("PNG");
      expect(sent.format).toEqual(VISION_SCHEMA);

      expect(red.value.description).toMatch(/red/);
      expect(blue.value.description).toMatch(/blue/);
      expect(red.value.description).not.toBe(blue.value.description);
      expect(red.value.tags).toContain("red");
      expect(blue.value.tags).toContain("blue");
      expect(red.value.tags).toContain("bright");
      for (const v of [red.value, blue.value]) {
        expect(VISION_SCHEMA.properties.content_type.enum).toContain(v.content_type);
        expect(VISION_SCHEMA.properties.atmosphere.enum).toContain(v.atmosphere);
        expect(VISION_SCHEMA.properties.energy.enum).toContain(v.energy);
        expect(v.focus).toBeGreaterThanOrEqual(0);
        expect(v.focus).toBeLessThanOrEqual(1);
      }
      expect(red.value.content_type).not.toBe(blue.value.content_type);
      expect(red.tokens).toBeGreaterThan(0);
    });

    it("a dark frame is described as dark", async () => {
      const { value } = await host().chatJson({
        model: VISION,
        messages: [{ role: "user", content: "Describe.", images: [await png("#101010")] }],
        format: VISION_SCHEMA,
        parse: parseVision,
      });
      expect(value.description).toMatch(/dark/);
      expect(value.atmosphere).toBe("dark");
    });

    it("invalid JSON from the host is a bad response", async () => {
      fake.failNext("/api/chat", "malformed");
      const error = await modelHostFailure(
        host().chatJson({
          model: CHAT,
          messages: [{ role: "user", content: "hi" }],
          format: VISION_SCHEMA,
          parse: parseVision,
        }),
      );
      expect(error.kind).toBe("bad_response");
    });

    it("JSON that the caller's parser rejects is a bad response", async () => {
      const error = await modelHostFailure(
        host().chatJson({
          model: CHAT,
          messages: [{ role: "user", content: "hi" }],
          format: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
          parse: () => {
            throw new Error("n must be a string");
          },
        }),
      );
      expect(error.kind).toBe("bad_response");
      expect(error.message).toContain("n must be a string");
    });

    it("a 404 for the model is model_missing", async () => {
      fake.failNext("/api/chat", "404");
      const error = await modelHostFailure(
        host().chat({ model: CHAT, messages: [{ role: "user", content: "hi" }] }),
      );
      expect(error.kind).toBe("model_missing");
      expect(error.message).toBe(pullHint(CHAT));
    });

    it("a host that does not answer in time is a timeout", async () => {
      fake.failNext("/api/chat", "timeout");
      const started = Date.now();
      const error = await modelHostFailure(
        host(300).chat({ model: CHAT, messages: [{ role: "user", content: "hi" }] }),
      );
      expect(error.kind).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it("the caller's signal cancels a request in flight and one not yet sent", async () => {
      fake.failNext("/api/chat", "timeout");
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const error = await modelHostFailure(
        host().chat({ model: CHAT, messages: [{ role: "user", content: "hi" }], signal: controller.signal }),
      );
      expect(error.kind).toBe("aborted");

      const before = fake.requests.length;
      const cancelled = await modelHostFailure(host().embed(EMBED, ["x"], { signal: AbortSignal.abort() }));
      expect(cancelled.kind).toBe("aborted");
      expect(fake.requests.length).toBe(before);
    });

    it("a host that dies during a request is unreachable", async () => {
      fake.failNext("/api/chat", "timeout");
      const before = fake.requests.length;
      const pending = modelHostFailure(
        host().chat({ model: CHAT, messages: [{ role: "user", content: "hi" }] }),
      );
      while (fake.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
      await fake.stop();
      const error = await pending;
      expect(error.kind).toBe("unreachable");
      expect(error.model).toBe(CHAT);
    });

    it("unload asks for keep_alive 0 and never throws", async () => {
      const before = fake.requests.length;
      await host().unload(VISION);
      expect(fake.requests.slice(before)).toEqual([
        {
          path: "/api/generate",
          body: expect.objectContaining({ model: VISION, keep_alive: 0, prompt: "" }),
        },
      ]);
      fake.failNext("/api/generate", "500");
      await expect(host().unload(VISION)).resolves.toBeUndefined();
      await fake.stop();
      await expect(host().unload(VISION)).resolves.toBeUndefined();
    });

    it("unload gives up on a stalled host as soon as the caller's signal aborts", async () => {
      fake.failNext("/api/generate", "timeout");
      const controller = new AbortController();
      const before = fake.requests.length;
      const unloading = host().unload(VISION, controller.signal);
      while (fake.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
      const started = Date.now();
      controller.abort();
      await expect(unloading).resolves.toBeUndefined();
      // The host's own 30 s limit is not what ended it.
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});

describe("the test server speaks Ollama's wire protocol", () => {
  let fake: FakeModelHost;
  let client: Ollama;

  beforeAll(async () => {
    fake = await startFakeModelHost({ models: [EMBED, CHAT], dim: 64, latencyMs: 5 });
    client = new Ollama({ host: fake.url });
  });
  afterAll(() => fake.close());

  it("streams chat as NDJSON ending with done and token counts", async () => {
    const stream = await client.chat({
      model: CHAT,
      messages: [{ role: "user", content: "tell me about the harbour at night please" }],
      stream: true,
    });
    const parts: string[] = [];
    let last: { done: boolean; prompt_eval_count: number; eval_count: number } | undefined;
    for await (const chunk of stream) {
      parts.push(chunk.message.content);
      last = chunk;
    }
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join("")).toContain("tell me about the harbour");
    expect(last?.done).toBe(true);
    expect(last?.prompt_eval_count).toBeGreaterThan(0);
    expect(last?.eval_count).toBe(parts.join("").split(/\s+/).filter(Boolean).length);
  });

  it("answers generate streaming and not, with format json", async () => {
    const whole = await client.generate({
      model: CHAT,
      prompt: "list colours",
      format: "json",
      stream: false,
    });
    expect(JSON.parse(whole.response ?? "")).toEqual({ answer: "list colours" });
    expect(whole.done).toBe(true);
    const stream = await client.generate({ model: CHAT, prompt: "list colours", stream: true });
    let text = "";
    for await (const chunk of stream) text += chunk.response;
    expect(text).toContain("list colours");
  });

  it("serves the legacy embeddings endpoint, show and version", async () => {
    const legacy = await client.embeddings({ model: EMBED, prompt: "harbour" });
    expect(legacy.embedding).toEqual(fakeEmbedding("harbour", 64));
    const embed = await client.embed({ model: EMBED, input: "harbour" });
    expect(embed.embeddings).toEqual([fakeEmbedding("harbour", 64)]);
    const show = await client.show({ model: EMBED });
    expect(show.capabilities).toEqual(["embedding"]);
    expect((await client.version()).version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("answers 404 with Ollama's message for a model it does not have", async () => {
    const res = await fetch(`${fake.url}/api/chat`, {
      method: "POST",
      body: JSON.stringify({ model: "llama3", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'model "llama3" not found, try pulling it first' });
  });

  it("fills integers, enums from the prompt, nested objects and $refs", async () => {
    const res = await client.chat({
      model: CHAT,
      stream: false,
      messages: [{ role: "user", content: "please export the selected clips" }],
      format: {
        type: "object",
        $defs: {
          range: { type: "object", properties: { start: { type: "integer", minimum: 10, maximum: 20 } } },
        },
        properties: {
          intent: { enum: ["search", "export", "chat"] },
          range: { $ref: "#/$defs/range" },
          note: { type: ["string", "null"], maxLength: 6 },
          items: { type: "array", items: { type: "boolean" }, minItems: 2 },
        },
        required: ["intent", "range", "note", "items"],
      },
    });
    expect(JSON.parse(res.message.content)).toEqual({
      intent: "export",
      range: { start: 15 },
      note: "please",
      items: [true, true],
    });
  });

  it("the empty text still embeds to a unit vector and unrelated words stay apart", () => {
    const empty = fakeEmbedding("", 64);
    expect(Math.hypot(...empty)).toBeCloseTo(1, 10);
    expect(fakeEmbedding("the of and", 64)).toEqual(empty);
    expect(cosine(fakeEmbedding("cars", 1024), fakeEmbedding("car", 1024))).toBeCloseTo(Math.SQRT1_2, 5);
  });
});
