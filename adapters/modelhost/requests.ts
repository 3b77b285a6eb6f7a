import type { EmbedRequest, GenerateRequest, ChatRequest as OllamaChatRequest } from "ollama";

/**
 * What svc asks the model host, built from its callers' requests in the shape Ollama's client
 * sends: options a caller left out are left out of the request, so the host's defaults apply.
 */

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
  images?: Uint8Array[];
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  format?: Record<string, unknown>;
  keepAlive?: string | number;
  signal?: AbortSignal;
  temperature?: number;
}

export interface ChatJsonRequest<T> extends ChatRequest {
  format: Record<string, unknown>;
  parse: (value: unknown) => T;
}

/** The host's URL as svc shows and calls it, and the headers carrying any credentials it held. */
export function parseHost(host: string): { url: string; headers: Record<string, string> } {
  const trimmed = host.trim();
  const explicit = trimmed.includes("://");
  let url: URL;
  try {
    url = new URL(explicit ? trimmed : `http://${trimmed}`);
  } catch {
    throw new TypeError(`model host "${host}" is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`model host "${host}" must be an http or https URL`);
  }
  // Same rule as Ollama's own OLLAMA_HOST parsing: a bare host name means Ollama's port.
  if (!explicit && !url.port) url.port = "11434";
  // fetch refuses URLs with credentials, and they must not reach logs or health reports either.
  const headers: Record<string, string> = url.username
    ? {
        Authorization: `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`,
      }
    : {};
  return { url: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`, headers };
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

const keepAlive = (value: string | number | undefined) => (value === undefined ? {} : { keep_alive: value });

/** One batch of texts to embed. */
export function embedRequest(model: string, texts: readonly string[], keep?: string | number): EmbedRequest {
  return { model, input: [...texts], ...keepAlive(keep) };
}

/** One chat turn, answered whole rather than streamed. */
export function chatRequest(req: ChatRequest): OllamaChatRequest & { stream: false } {
  return {
    model: req.model,
    stream: false,
    // Fresh objects: the client rewrites `images` in place on the messages it is given.
    messages: req.messages.map((m) =>
      m.images?.length
        ? { role: m.role, content: m.content, images: m.images.map(toBase64) }
        : { role: m.role, content: m.content },
    ),
    ...(req.format === undefined ? {} : { format: req.format }),
    ...keepAlive(req.keepAlive),
    ...(req.temperature === undefined ? {} : { options: { temperature: req.temperature } }),
  };
}

/** An empty generation with keep-alive 0: how Ollama is told to free a model now. */
export function unloadRequest(model: string): GenerateRequest & { stream: false } {
  return { model, prompt: "", keep_alive: 0, stream: false };
}
