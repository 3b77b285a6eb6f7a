import { AsyncLocalStorage } from "node:async_hooks";
import { Ollama } from "ollama";
import { deadline } from "../deadline.js";
import { createHttpFetch } from "../http-fetch.js";
import { type CallContext, classify, readFailure } from "./errors.js";

/**
 * One call to the model host (`what`, for messages), under its own time limit and the caller's
 * signal; whatever fails comes out as a ModelHostError.
 */
export type HostCall = <T>(
  what: string,
  timeoutMs: number,
  caller: AbortSignal | undefined,
  model: string | undefined,
  body: (client: Ollama, ctx: CallContext) => Promise<T>,
) => Promise<T>;

/**
 * The calls of one model host. They share one client (building one costs as much as a search's
 * vector walk); its fetch (node:http, http-fetch.ts) takes each call's deadline and the caller's signal from the call's
 * async context, since the client itself only wires signals up for streaming requests.
 */
export function hostCalls(url: string, headers: Record<string, string>): HostCall {
  const callSignal = new AsyncLocalStorage<AbortSignal>();
  const http = createHttpFetch();
  const client = new Ollama({
    host: url,
    headers,
    fetch: async (input, init) => {
      const response = await http.fetch(input, { ...init, signal: callSignal.getStore() ?? null });
      if (!response.ok) throw await readFailure(response);
      return response;
    },
  });
  return async (what, timeoutMs, caller, model, body) => {
    const { signal, timer, clear } = deadline(timeoutMs, caller);
    const ctx: CallContext =
      model === undefined ? { what, timeoutMs, caller, timer } : { what, model, timeoutMs, caller, timer };
    try {
      return await callSignal.run(signal, () => body(client, ctx));
    } catch (error) {
      throw classify(error, ctx, url);
    } finally {
      clear();
    }
  };
}
