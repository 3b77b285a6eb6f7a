import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ModelHostError } from "../../adapters/modelhost.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import type { ChatResponse } from "../../domain/schemas/chat.js";
import { requireEntitlement } from "../access/entitlements.js";
import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { analytics } from "./analytics.js";
import { type Classification, classifyIntent, type Intent } from "./classify.js";
import { compilation } from "./compilation.js";
import { general } from "./general.js";
import { ModelCalls } from "./model-calls.js";
import { refinement } from "./refinement.js";
import { resolveScope, type ScopedProject } from "./scope.js";
import { similarity } from "./similarity.js";
import type { IntentHandler, TurnContext } from "./turn-types.js";

/** SPEC (Limits): the messages threaded into a follow-up. */
export const HISTORY_MESSAGES = 10;
// A question, not a document: longer prompts are refused before any model sees them.
export const MAX_PROMPT_CHARS = 16_000;
const MAX_SCOPE = 32;
const TITLE_CHARS = 80;

export const CHAT_BODY = z.object({
  prompt: z
    .string({ error: "expected a string" })
    .max(MAX_PROMPT_CHARS, `at most ${MAX_PROMPT_CHARS} characters`)
    .refine((v) => v.trim() !== "", "must not be empty"),
  conversation_id: z
    .string({ error: "expected a string" })
    .max(100, "not a conversation id")
    .refine((v) => v.trim() !== "", "must not be empty")
    .optional(),
  project_scope: z
    .array(z.string({ error: "expected project names" }).max(64, "not a project name"), {
      error: "expected an array of project names",
    })
    .min(1, "name at least one project, or leave project_scope out")
    .max(MAX_SCOPE, `at most ${MAX_SCOPE} projects`)
    .optional(),
});
export type ChatBody = z.infer<typeof CHAT_BODY>;

export interface ChatTurn {
  response: ChatResponse;
  /** Where the turn's time went: the model host's share and the whole (Server-Timing). */
  timing: { model_ms: number; total_ms: number };
}

const HANDLERS: Record<Intent, IntentHandler> = { compilation, refinement, similarity, analytics, general };

/** A project the conversation named that is still registered (a removed one drops out). */
function storedScope(libraries: LibraryPool, names: readonly string[]): string[] | undefined {
  const live = names.filter((name) => libraries.isRegistered(name));
  return live.length > 0 ? live : undefined;
}

/** The model host failing mid-turn: the turn cannot be answered now (503), and nothing is stored. */
function unavailable(error: unknown): never {
  if (error instanceof ModelHostError)
    throw new UserError(`the model host cannot answer: ${scrubText(error.message)}`, EXIT.tempfail, 503);
  throw error;
}

async function classify(turn: TurnContext, hasScenes: boolean): Promise<Classification> {
  const { ctx } = turn;
  const input = {
    prompt: turn.prompt,
    history: turn.history.map((m) => ({ role: m.role as "user" | "assistant", content: m.content })),
    hasPreviousList: (turn.previous?.length ?? 0) > 0,
    libraryHasScenes: hasScenes,
  };
  const run = (model: string) =>
    turn.model.timed((signal) =>
      classifyIntent({ modelHost: ctx.adapters.modelHost, model, ...(signal ? { signal } : {}) }, input),
    );
  const { intent: intentModel, chat: chatModel } = ctx.config.models;
  try {
    return await run(intentModel ?? chatModel);
  } catch (error) {
    if (!(error instanceof ModelHostError && error.kind === "model_missing")) throw error;
    // A missing classifier leaves the chat model to route, as when none is configured.
    if (intentModel && intentModel !== chatModel) {
      ctx.log.warn({ model: intentModel }, "SVC_INTENT_MODEL is not installed; the chat model routes");
      try {
        return await run(chatModel);
      } catch (again) {
        if (!(again instanceof ModelHostError && again.kind === "model_missing")) throw again;
      }
    }
    // No model to route with: the safe default, and the answer says which model to pull.
    return {
      intent: hasScenes ? "compilation" : "general",
      args: { search_text: turn.prompt, filters: {}, reference: {}, metric: "hours", group_by: "none" },
      tokens: 0,
      fallback: "the chat model is not installed",
      ignored: [],
    };
  }
}

/**
 * One chat turn (`POST /api/chat`, `svc chat`): routes the prompt to an intent, answers it from the
 * projects in scope only, and stores question and answer in the conversation. A model host that
 * cannot answer is a 503 that stores nothing; a missing chat model is an answer naming the pull.
 */
export async function chatTurn(
  deps: { ctx: AppContext; libraries: LibraryPool },
  body: ChatBody,
  signal?: AbortSignal,
): Promise<ChatTurn> {
  const start = performance.now();
  const { ctx, libraries } = deps;
  const conversations = ctx.registry.conversations;
  const existing = body.conversation_id === undefined ? undefined : conversations.get(body.conversation_id);
  if (body.conversation_id !== undefined && !existing)
    throw new UserError("no conversation with that id", EXIT.usage, 404);
  const names = body.project_scope ?? (existing ? storedScope(libraries, existing.project_scope) : undefined);
  // Refused before any project is opened when the tier does not allow reading several.
  if (names && new Set(names.map((n) => n.trim())).size > 1) await requireEntitlement(ctx, "cross_project");
  const scope: ScopedProject[] = resolveScope(libraries, names);
  const turn: TurnContext = {
    ctx,
    scope,
    prompt: body.prompt.trim(),
    history: existing
      ? conversations
          .lastMessages(existing.id, HISTORY_MESSAGES)
          .map((m) => ({ role: m.role, content: m.content }))
      : [],
    previous: existing ? conversations.lastSceneList(existing.id) : null,
    model: new ModelCalls(ctx.adapters.modelHost, ctx.queryEmbeddings, ctx.config.models, signal),
    signal,
  };
  const hasScenes = scope.some((p) => p.store.scenes.hasAny());
  let classification: Classification;
  let result: Awaited<ReturnType<IntentHandler>>;
  try {
    classification = await classify(turn, hasScenes);
    result = await HANDLERS[classification.intent](turn, classification.args);
  } catch (error) {
    unavailable(error);
  }
  const multiProject = scope.length > 1;
  const refs = result.scenes.map((s) => s.ref);
  const response: ChatResponse = {
    conversation_id: existing?.id ?? randomUUID(),
    assistant_text: scrubText(result.text),
    scene_ids: refs.map((r) => r.scene_id),
    intent: classification.intent,
    tokens_used: turn.model.tokens,
    latency_ms: Math.round(performance.now() - start),
    ...(multiProject ? { scenes: refs } : {}),
  };
  conversations.addTurn({
    conversationId: response.conversation_id,
    ...(existing ? {} : { title: scrubText(turn.prompt.replace(/\s+/g, " ")).slice(0, TITLE_CHARS) }),
    projectScope: scope.map((p) => p.name),
    prompt: turn.prompt,
    answer: response.assistant_text,
    intent: response.intent,
    scenes: refs,
    tokensUsed: response.tokens_used,
    latencyMs: response.latency_ms,
  });
  const total = performance.now() - start;
  ctx.log.info(
    {
      conversation: response.conversation_id,
      intent: response.intent,
      fallback: classification.fallback,
      ignored_filters: classification.ignored.length ? classification.ignored : undefined,
      scenes: refs.length,
      tokens: response.tokens_used,
      model_ms: Math.round(turn.model.waitedMs),
      ms: Math.round(total),
    },
    "chat turn",
  );
  return { response, timing: { model_ms: turn.model.waitedMs, total_ms: total } };
}
