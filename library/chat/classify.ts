import { z } from "zod";
import { type ChatMessage, type ModelHost, ModelHostError } from "../../adapters/modelhost.js";
import { ANALYTICS_GROUPS } from "../../state/repos/analytics.js";
import { isIsoDay } from "../media/query.js";

export const INTENTS = ["compilation", "refinement", "similarity", "analytics", "general"] as const;
export type Intent = (typeof INTENTS)[number];

const KINDS = ["video", "audio", "image"] as const;
const METRICS = ["hours", "clips"] as const;

/** Narrowing a search or a previous list; every field optional, unknown fields are dropped. */
export interface ChatFilters {
  date_from?: string;
  date_to?: string;
  camera?: string;
  tag?: string;
  rating?: string;
  type?: (typeof KINDS)[number];
  shot_type?: string;
  min_duration_s?: number;
  max_duration_s?: number;
}

export interface SceneReference {
  /** 1-based position in the previous turn's list ("the second one"); -1 for "the last one". */
  position?: number;
  scene_id?: number;
  media_id?: number;
  file_name?: string;
}

export interface IntentArgs {
  search_text: string;
  filters: ChatFilters;
  reference: SceneReference;
  metric: (typeof METRICS)[number];
  group_by: (typeof ANALYTICS_GROUPS)[number];
}

export interface Classification {
  intent: Intent;
  args: IntentArgs;
  tokens: number;
  /** Why the model's answer was not used as given (the safe default was), or null. */
  fallback: string | null;
  /** Filter fields the model named that do not exist; ignored. */
  ignored: string[];
}

export interface ClassifyInput {
  prompt: string;
  history: readonly { role: "user" | "assistant"; content: string }[];
  hasPreviousList: boolean;
  libraryHasScenes: boolean;
  /** Today, as YYYY-MM-DD: "March" and "last week" are read against it. */
  today?: string;
}

// Below this confidence the classifier's pick is not trusted.
const MIN_CONFIDENCE = 0.35;
const MAX_LABEL = 64;

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: "null" }] });

/** The JSON schema the model host constrains the classifier's answer to. */
export const CLASSIFY_SCHEMA = {
  type: "object",
  properties: {
    intent: { type: "string", enum: [...INTENTS] },
    confidence: { type: "number", minimum: 0, maximum: 1 },
    search_text: { type: "string", description: "what to search for or re-rank by, without filters" },
    filters: {
      type: "object",
      properties: {
        date_from: nullable({ type: "string", description: "first shoot day, YYYY-MM-DD" }),
        date_to: nullable({ type: "string", description: "last shoot day, YYYY-MM-DD" }),
        camera: nullable({ type: "string" }),
        tag: nullable({ type: "string" }),
        rating: nullable({ type: "string" }),
        type: nullable({ type: "string", enum: [...KINDS] }),
        shot_type: nullable({ type: "string", description: "interview, b-roll, landscape, action, detail…" }),
        min_duration_s: nullable({ type: "number", minimum: 0 }),
        max_duration_s: nullable({ type: "number", minimum: 0 }),
      },
    },
    reference: {
      type: "object",
      properties: {
        position: nullable({
          type: "integer",
          description: "1-based position in the previous list; -1 = last",
        }),
        scene_id: nullable({ type: "integer" }),
        media_id: nullable({ type: "integer" }),
        file_name: nullable({ type: "string" }),
      },
    },
    metric: { type: "string", enum: [...METRICS] },
    group_by: { type: "string", enum: [...ANALYTICS_GROUPS] },
  },
  required: ["intent", "confidence", "search_text", "filters", "reference", "metric", "group_by"],
} as const;

function instructions(input: ClassifyInput, today: string): string {
  return [
    "You route one message of a video editor to the handler that answers it. Answer JSON only.",
    "Intents:",
    '- compilation: find scenes or clips in the footage library ("find every drone shot over water").',
    '- refinement: narrow or re-order the scene list of the previous answer ("only the ones from March",',
    '  "just camera B", "shorter than 10 seconds", "sort them by sunset"). Needs a previous list.',
    '- similarity: scenes that look like a given scene or clip ("more like the second one",',
    '  "similar to A001_C003.mov", "like scene 42").',
    '- analytics: counts and totals over the library ("how many hours did we shoot in March?",',
    '  "clips per camera", "how many 5-star clips").',
    "- general: anything that needs no footage (advice, definitions, greetings).",
    "Arguments: search_text is the visual or spoken content to look for (no dates, cameras or ratings).",
    "filters hold dates as YYYY-MM-DD ranges, camera, tag, rating, media type, shot type and duration in",
    "seconds; null when not asked for. reference names the clip or scene for similarity: position in the",
    "previous list, scene_id, media_id or file_name. metric and group_by are for analytics",
    "(group_by none for a single total). confidence is how sure you are of the intent, 0 to 1.",
    `Today is ${today}; a month without a year is the most recent one up to today.`,
    input.hasPreviousList
      ? "The conversation has a previous scene list."
      : "The conversation has no previous scene list, so refinement and positions do not apply.",
  ].join("\n");
}

const LABEL = z.string().trim().min(1).max(MAX_LABEL);
const DAY = z.string().trim().refine(isIsoDay);
const SECONDS = z.number().finite().min(0).max(1e7);
const WHOLE = z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER);

const FILTER_FIELDS: Record<keyof ChatFilters, z.ZodType> = {
  date_from: DAY,
  date_to: DAY,
  camera: LABEL,
  tag: LABEL,
  rating: LABEL,
  type: z.enum(KINDS),
  shot_type: LABEL,
  min_duration_s: SECONDS,
  max_duration_s: SECONDS,
};
const REFERENCE_FIELDS: Record<keyof SceneReference, z.ZodType> = {
  position: WHOLE.refine((n) => n !== 0),
  scene_id: WHOLE.refine((n) => n > 0),
  media_id: WHOLE.refine((n) => n > 0),
  file_name: LABEL.refine((name) => !/[/\\]/.test(name)),
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Keeps the fields of `raw` that exist and hold a usable value. A model can name a field that
 * does not exist or fill one with nonsense; neither may fail the turn or reach a query.
 */
function pick<T extends object>(raw: unknown, fields: Record<keyof T, z.ZodType>, ignored: string[]): T {
  const out: Record<string, unknown> = {};
  if (!isRecord(raw)) return out as T;
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined || value === "") continue;
    const schema = (fields as Record<string, z.ZodType>)[name];
    if (!schema) {
      ignored.push(name);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) out[name] = parsed.data;
  }
  return out as T;
}

const EMPTY_ARGS: IntentArgs = {
  search_text: "",
  filters: {},
  reference: {},
  metric: "hours",
  group_by: "none",
};

/** What the classifier's JSON says, each part checked on its own; null intent when unusable. */
export function readClassification(raw: unknown): {
  intent: Intent | null;
  confidence: number;
  args: IntentArgs;
  ignored: string[];
} {
  const ignored: string[] = [];
  if (!isRecord(raw)) return { intent: null, confidence: 0, args: EMPTY_ARGS, ignored };
  const intent = (INTENTS as readonly unknown[]).includes(raw.intent) ? (raw.intent as Intent) : null;
  const confidence =
    typeof raw.confidence === "number" && Number.isFinite(raw.confidence)
      ? Math.min(1, Math.max(0, raw.confidence))
      : 1;
  const filters = pick<ChatFilters>(raw.filters, FILTER_FIELDS, ignored);
  if (filters.date_from && filters.date_to && filters.date_from > filters.date_to) {
    [filters.date_from, filters.date_to] = [filters.date_to, filters.date_from];
  }
  const args: IntentArgs = {
    search_text: typeof raw.search_text === "string" ? raw.search_text.trim().slice(0, 500) : "",
    filters,
    reference: pick<SceneReference>(raw.reference, REFERENCE_FIELDS, []),
    metric: (METRICS as readonly unknown[]).includes(raw.metric)
      ? (raw.metric as IntentArgs["metric"])
      : "hours",
    group_by: (ANALYTICS_GROUPS as readonly unknown[]).includes(raw.group_by)
      ? (raw.group_by as IntentArgs["group_by"])
      : "none",
  };
  return { intent, confidence, args, ignored };
}

/**
 * Routes a prompt to one of the five intents with the arguments its handler needs, through the
 * model host's structured output. A malformed, unknown or unsure answer falls back (compilation
 * when the library has scenes, general otherwise) and never throws; only a model host that cannot
 * be reached, or a missing model, is an error the caller handles.
 */
export async function classifyIntent(
  deps: { modelHost: ModelHost; model: string; signal?: AbortSignal },
  input: ClassifyInput,
): Promise<Classification> {
  const today = input.today ?? new Date().toISOString().slice(0, 10);
  const messages: ChatMessage[] = [
    { role: "system", content: instructions(input, today) },
    ...input.history.map((m) => ({ role: m.role, content: m.content })),
    { role: "user", content: input.prompt },
  ];
  const safe: Intent = input.libraryHasScenes ? "compilation" : "general";
  const fallback = (reason: string, tokens: number, args = EMPTY_ARGS, ignored: string[] = []) => ({
    intent: safe,
    args: { ...args, search_text: args.search_text || input.prompt },
    tokens,
    fallback: reason,
    ignored,
  });
  let content: string;
  let tokens: number;
  try {
    ({ content, tokens } = await deps.modelHost.chat({
      model: deps.model,
      messages,
      format: CLASSIFY_SCHEMA,
      temperature: 0,
      ...(deps.signal ? { signal: deps.signal } : {}),
    }));
  } catch (error) {
    // An answer the host could not give well is a routing problem, not the turn's end.
    if (error instanceof ModelHostError && (error.kind === "bad_response" || error.kind === "server"))
      return fallback(error.message, 0);
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return fallback("the classifier's answer is not JSON", tokens);
  }
  const read = readClassification(raw);
  if (read.intent === null)
    return fallback("the classifier named no known intent", tokens, read.args, read.ignored);
  if (read.confidence < MIN_CONFIDENCE)
    return fallback(`the classifier was unsure (${read.confidence})`, tokens, read.args, read.ignored);
  return { intent: read.intent, args: read.args, tokens, fallback: null, ignored: read.ignored };
}
