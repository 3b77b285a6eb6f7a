import { describe, expect, it } from "vitest";
import {
  canonicalName,
  chatAnswer,
  embeddings,
  installedModels,
  jsonAnswer,
} from "../../adapters/modelhost/answers.js";
import { ModelHostError } from "../../adapters/modelhost/errors.js";
import { chatRequest, embedRequest, parseHost, unloadRequest } from "../../adapters/modelhost/requests.js";

const call = { what: 'embedding with "bge-m3"', model: "bge-m3" };

/** The ModelHostError `run` throws; anything else, or nothing, fails the test. */
function failure(run: () => unknown): ModelHostError {
  try {
    run();
  } catch (error) {
    if (error instanceof ModelHostError) return error;
    throw error;
  }
  throw new Error("expected a ModelHostError, nothing was thrown");
}

describe("model host requests", () => {
  it("reads a bare host as Ollama's port and keeps credentials out of the URL", () => {
    expect(parseHost("gpu-box")).toEqual({ url: "http://gpu-box:11434", headers: {} });
    expect(parseHost(" https://ai.example/ollama/ ")).toEqual({
      url: "https://ai.example/ollama",
      headers: {},
    });
    const withUser = parseHost("http://me:p%40ss@ai.example:8080");
    expect(withUser.url).toBe("http://ai.example:8080");
    expect(withUser.headers.Authorization).toBe(`Basic ${Buffer.from("me:p@ss").toString("base64")}`);
    expect(() => parseHost("ftp://ai.example")).toThrow(/http or https/);
    expect(() => parseHost("http://")).toThrow(/not a valid URL/);
  });

  it("sends only the options a caller gave", () => {
    expect(embedRequest("bge-m3", ["a", "b"])).toEqual({ model: "bge-m3", input: ["a", "b"] });
    expect(embedRequest("bge-m3", ["a"], "5m")).toEqual({ model: "bge-m3", input: ["a"], keep_alive: "5m" });
    expect(chatRequest({ model: "m", messages: [{ role: "user", content: "hi" }] })).toEqual({
      model: "m",
      stream: false,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(
      chatRequest({ model: "m", messages: [], format: { type: "object" }, keepAlive: 0, temperature: 0.2 }),
    ).toEqual({
      model: "m",
      stream: false,
      messages: [],
      format: { type: "object" },
      keep_alive: 0,
      options: { temperature: 0.2 },
    });
    expect(unloadRequest("m")).toEqual({ model: "m", prompt: "", keep_alive: 0, stream: false });
  });

  it("sends images as base64 on fresh messages, leaving the caller's untouched", () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252]).subarray(1, 4);
    const message = { role: "user" as const, content: "look", images: [bytes] };
    const sent = chatRequest({ model: "m", messages: [message, { role: "user", content: "x", images: [] }] });
    expect(sent.messages).toEqual([
      { role: "user", content: "look", images: [Buffer.from([1, 2, 250]).toString("base64")] },
      { role: "user", content: "x" },
    ]);
    expect(message.images[0]).toBe(bytes);
  });
});

describe("model host answers", () => {
  it("lists installed models by name or model field, with digests when given", () => {
    const answer = { models: [{ name: "bge-m3:latest", digest: "abc" }, { model: "qwen3:8b" }] };
    expect(installedModels(answer, call)).toEqual([
      { name: "bge-m3:latest", digest: "abc" },
      { name: "qwen3:8b", digest: null },
    ]);
    expect(failure(() => installedModels({}, call)).message).toBe(
      'embedding with "bge-m3": the model list has no `models` array',
    );
    expect(failure(() => installedModels({ models: [{ digest: "x" }] }, call)).kind).toBe("bad_response");
  });

  it("matches name and name:latest as one model, with tags after the last path segment", () => {
    expect(canonicalName(" BGE-M3 ")).toBe("bge-m3:latest");
    expect(canonicalName("qwen3:8b")).toBe("qwen3:8b");
    expect(canonicalName("registry:5000/team/model")).toBe("registry:5000/team/model:latest");
  });

  it("takes one finite vector per text, all of one dimension", () => {
    const vectors = embeddings(
      {
        embeddings: [
          [1, 2],
          [3, 4],
        ],
      },
      2,
      undefined,
      call,
    );
    expect(vectors).toEqual([new Float32Array([1, 2]), new Float32Array([3, 4])]);
    const bad = (answer: unknown, asked = 1, dim?: number) =>
      failure(() => embeddings(answer, asked, dim, call));
    expect(bad({}).message).toMatch(/no `embeddings` array/);
    expect(bad({ embeddings: [[1]] }, 2).message).toMatch(/asked for 2 embeddings, got 1/);
    expect(bad({ embeddings: [[]] }).message).toMatch(/empty or not a list/);
    expect(bad({ embeddings: [[1, 2], [1]] }, 2).message).toMatch(/changed from 2 to 1/);
    expect(bad({ embeddings: [[1, 2]] }, 1, 3).message).toMatch(/changed from 3 to 2/);
    expect(bad({ embeddings: [[1, "2"]] }).message).toMatch(/non-number/);
    expect(bad({ embeddings: [[1, 1e39]] }).message).toMatch(/non-finite/);
    expect(bad({}).model).toBe("bge-m3");
  });

  it("reads a chat answer's text and counts prompt and answer tokens", () => {
    expect(chatAnswer({ message: { content: "hi" }, prompt_eval_count: 12, eval_count: 3 }, call)).toEqual({
      content: "hi",
      tokens: 15,
    });
    expect(chatAnswer({ message: { content: "" }, eval_count: -1 }, call)).toEqual({
      content: "",
      tokens: 0,
    });
    expect(failure(() => chatAnswer({ message: {} }, call)).message).toMatch(/no message content/);
  });

  it("reads JSON answers through the caller's parser, naming the model when either refuses", () => {
    expect(jsonAnswer('{"a":1}', "m", (v) => (v as { a: number }).a)).toBe(1);
    expect(failure(() => jsonAnswer("not json", "m", (v) => v)).message).toBe(
      '"m" answered with text that is not JSON',
    );
    const refused = failure(() =>
      jsonAnswer("{}", "m", () => {
        throw new Error("a is required");
      }),
    );
    expect(refused.message).toBe('"m" answered JSON that does not fit the schema: a is required');
    expect(refused.model).toBe("m");
  });
});
