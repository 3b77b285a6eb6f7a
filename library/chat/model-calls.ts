import { type ChatMessage, type ModelHost, ModelHostError, pullHint } from "../../adapters/modelhost.js";
import type { QueryEmbeddings } from "../search/query-embeddings.js";

/**
 * The model host as one chat turn uses it: every call adds its tokens and its waiting time to the
 * turn's totals, so the response can report tokens and the server can tell its own time from the
 * model's.
 */
export class ModelCalls {
  tokens = 0;
  waitedMs = 0;

  constructor(
    private readonly host: ModelHost,
    private readonly embeddings: QueryEmbeddings,
    private readonly models: { chat: string; embed: string },
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** A search phrase's embedding, through the process's cache; its wait counts as the model's. */
  async embed(text: string): Promise<Float32Array> {
    const { vector } = await this.timed(async () => ({
      vector: await this.embeddings.embed(this.models.embed, text),
      tokens: 0,
    }));
    return vector;
  }

  async timed<T extends { tokens: number }>(
    call: (signal: AbortSignal | undefined) => Promise<T>,
  ): Promise<T> {
    const start = performance.now();
    try {
      const result = await call(this.signal);
      this.tokens += result.tokens;
      return result;
    } finally {
      this.waitedMs += performance.now() - start;
    }
  }

  /**
   * The chat model's answer to `messages`. When the chat model is not installed the answer is
   * `withoutModel` followed by the pull command: the turn still answers (SPEC: no 500), from what
   * svc found itself.
   */
  async write(messages: ChatMessage[], withoutModel: string): Promise<string> {
    try {
      const { content } = await this.timed((signal) =>
        this.host.chat({ model: this.models.chat, messages, ...(signal ? { signal } : {}) }),
      );
      return content.trim() || withoutModel;
    } catch (error) {
      if (error instanceof ModelHostError && error.kind === "model_missing")
        return [withoutModel, `(The chat model is missing: ${pullHint(this.models.chat)}.)`]
          .filter(Boolean)
          .join(" ");
      throw error;
    }
  }
}
