import { badResponse, type CallLabel, ModelHostError } from "./errors.js";

/**
 * The model host's answers, checked before anything of them is used: a proxy, an old Ollama or
 * a misbehaving model can send any JSON, and a wrong shape must be a bad response naming the
 * call, never a TypeError deep inside a caller.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;

/** Ollama treats "name" and "name:latest" as one model; the tag sits after the last path segment. */
export function canonicalName(name: string): string {
  const lower = name.trim().toLowerCase();
  const lastSegment = lower.slice(lower.lastIndexOf("/") + 1);
  return lastSegment.includes(":") ? lower : `${lower}:latest`;
}

export interface InstalledModel {
  name: string;
  digest: string | null;
}

/** The models a `list` answer names, with their digests when given. */
export function installedModels(answer: unknown, call: CallLabel): InstalledModel[] {
  if (!isRecord(answer) || !Array.isArray(answer.models)) {
    throw badResponse(call, "the model list has no `models` array");
  }
  const models: InstalledModel[] = [];
  for (const entry of answer.models) {
    const name = isRecord(entry) ? (entry.name ?? entry.model) : undefined;
    if (typeof name !== "string" || !name) throw badResponse(call, "a listed model has no name");
    const digest = isRecord(entry) && typeof entry.digest === "string" ? entry.digest : null;
    models.push({ name, digest });
  }
  return models;
}

/**
 * The vectors of an `embed` answer to `asked` texts: one each, finite numbers, all of one
 * dimension (`expectedDim` when an earlier batch set it).
 */
export function embeddings(
  answer: unknown,
  asked: number,
  expectedDim: number | undefined,
  call: CallLabel,
): Float32Array[] {
  if (!isRecord(answer) || !Array.isArray(answer.embeddings)) {
    throw badResponse(call, "the answer has no `embeddings` array");
  }
  if (answer.embeddings.length !== asked) {
    throw badResponse(call, `asked for ${asked} embeddings, got ${answer.embeddings.length}`);
  }
  let dim = expectedDim;
  return answer.embeddings.map((raw: unknown) => {
    if (!Array.isArray(raw) || raw.length === 0)
      throw badResponse(call, "an embedding is empty or not a list");
    if (dim === undefined) dim = raw.length;
    if (raw.length !== dim) {
      throw badResponse(call, `embedding dimension changed from ${dim} to ${raw.length}`);
    }
    const vector = new Float32Array(raw.length);
    for (let i = 0; i < raw.length; i++) {
      const x: unknown = raw[i];
      if (typeof x !== "number") throw badResponse(call, "an embedding holds a non-number");
      vector[i] = x;
      if (!Number.isFinite(vector[i])) throw badResponse(call, "an embedding holds a non-finite value");
    }
    return vector;
  });
}

/** The text of a `chat` answer and the tokens it cost (prompt and answer). */
export function chatAnswer(answer: unknown, call: CallLabel): { content: string; tokens: number } {
  if (!isRecord(answer) || !isRecord(answer.message) || typeof answer.message.content !== "string") {
    throw badResponse(call, "the answer has no message content");
  }
  return {
    content: answer.message.content,
    tokens: count(answer.prompt_eval_count) + count(answer.eval_count),
  };
}

/** A chat answer asked for as JSON, read and checked by the caller's `parse`. */
export function jsonAnswer<T>(content: string, model: string, parse: (value: unknown) => T): T {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    throw new ModelHostError("bad_response", `"${model}" answered with text that is not JSON`, {
      model,
      cause: error,
    });
  }
  try {
    return parse(raw);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ModelHostError(
      "bad_response",
      `"${model}" answered JSON that does not fit the schema: ${detail.slice(0, 300)}`,
      { model, cause: error },
    );
  }
}
