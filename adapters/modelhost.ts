import {
  canonicalName,
  chatAnswer,
  embeddings,
  type InstalledModel,
  installedModels,
  jsonAnswer,
} from "./modelhost/answers.js";
import { hostCalls } from "./modelhost/call.js";
import {
  type ChatJsonRequest,
  type ChatRequest,
  chatRequest,
  embedRequest,
  parseHost,
  unloadRequest,
} from "./modelhost/requests.js";

// The names callers of the adapter use; requests are built in modelhost/requests.ts, answers
// checked in modelhost/answers.ts, failures sorted in modelhost/errors.ts, calls made in
// modelhost/call.ts.
export type { InstalledModel } from "./modelhost/answers.js";
export { ModelHostError, pullHint } from "./modelhost/errors.js";
export type { ChatMessage } from "./modelhost/requests.js";

export interface ModelStatus {
  reachable: boolean;
  pulled: Record<string, boolean>;
  error?: string;
}

export interface EmbedOptions {
  signal?: AbortSignal;
  keepAlive?: string | number;
  /** Texts per request; the default suits bge-m3 on a laptop GPU without long queueing. */
  batchSize?: number;
}

export interface ModelHost {
  readonly host: string;
  /** Installed model names as the host reports them ("bge-m3:latest"). */
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** Which build of a model the host serves (its digest), or null when it is not installed. */
  digest(model: string, signal?: AbortSignal): Promise<string | null>;
  /** Never throws: an unreachable host is a status, with every model reported not pulled. */
  status(models: readonly string[], signal?: AbortSignal): Promise<ModelStatus>;
  embed(model: string, texts: readonly string[], opts?: EmbedOptions): Promise<Float32Array[]>;
  chat(req: ChatRequest): Promise<{ content: string; tokens: number }>;
  chatJson<T>(req: ChatJsonRequest<T>): Promise<{ value: T; tokens: number }>;
  /** Frees the model's memory now instead of after Ollama's keep-alive; failures are ignored. */
  unload(model: string, signal?: AbortSignal): Promise<void>;
}

/** One host of a pool: also the installed models with their digests, from a single listing. */
export interface ModelHostMember extends ModelHost {
  installed(signal?: AbortSignal): Promise<InstalledModel[]>;
}

const CHAT_TIMEOUT_MS = 120_000;
const SHORT_TIMEOUT_MS = 30_000;
export const EMBED_BATCH = 32;

/** A positive whole batch size, or a TypeError. */
export function checkBatchSize(batchSize: number): number {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError(`embedding batch size must be a positive integer, got ${batchSize}`);
  }
  return batchSize;
}

export function createModelHost(options: { host: string; timeoutMs?: number }): ModelHostMember {
  const { url: shown, headers } = parseHost(options.host);
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0)) {
    throw new TypeError(
      `model host timeout must be a positive number of milliseconds, got ${options.timeoutMs}`,
    );
  }
  const longTimeout = options.timeoutMs ?? CHAT_TIMEOUT_MS;
  const shortTimeout = options.timeoutMs ?? SHORT_TIMEOUT_MS;
  const call = hostCalls(shown, headers);

  const installed = (signal?: AbortSignal) =>
    call("listing models", shortTimeout, signal, undefined, async (client, ctx) =>
      installedModels(await client.list(), ctx),
    );

  const listModels = async (signal?: AbortSignal) => (await installed(signal)).map((m) => m.name);

  const embedBatch = (model: string, batch: readonly string[], opts: EmbedOptions, dim: number | undefined) =>
    call(`embedding with "${model}"`, shortTimeout, opts.signal, model, async (client, ctx) =>
      embeddings(await client.embed(embedRequest(model, batch, opts.keepAlive)), batch.length, dim, ctx),
    );

  const chat = (req: ChatRequest) =>
    call(`chat with "${req.model}"`, longTimeout, req.signal, req.model, async (client, ctx) =>
      chatAnswer(await client.chat(chatRequest(req)), ctx),
    );

  return {
    host: shown,
    installed,
    listModels,

    async digest(model, signal) {
      const wanted = canonicalName(model);
      return (await installed(signal)).find((m) => canonicalName(m.name) === wanted)?.digest ?? null;
    },

    async status(models, signal) {
      const pulled: Record<string, boolean> = Object.fromEntries(models.map((m) => [m, false]));
      try {
        const installed = new Set((await listModels(signal)).map(canonicalName));
        for (const m of models) pulled[m] = installed.has(canonicalName(m));
        return { reachable: true, pulled };
      } catch (error) {
        return { reachable: false, pulled, error: error instanceof Error ? error.message : String(error) };
      }
    },

    async embed(model, texts, opts = {}) {
      const batchSize = checkBatchSize(opts.batchSize ?? EMBED_BATCH);
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        vectors.push(...(await embedBatch(model, batch, opts, vectors[0]?.length)));
      }
      return vectors;
    },

    chat,

    async chatJson<T>(req: ChatJsonRequest<T>) {
      const { content, tokens } = await chat(req);
      return { value: jsonAnswer(content, req.model, req.parse), tokens };
    },

    async unload(model, signal) {
      try {
        await call(`unloading "${model}"`, shortTimeout, signal, model, (client) =>
          client.generate(unloadRequest(model)),
        );
      } catch {
        // Unloading only frees memory early; a host that cannot do it now will expire the model itself.
      }
    },
  };
}
