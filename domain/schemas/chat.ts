import { z } from "zod";
import { nullableString, timestamp } from "./common.js";

const SCENE_REF = z
  .object({
    project: z.string(),
    media_id: z.int(),
    scene_id: z.int(),
    start_s: z.number(),
    end_s: z.number(),
  })
  .meta({ id: "SceneRef" });

export const CHAT_REPLY = z.object({
  conversation_id: z.string(),
  assistant_text: z.string(),
  scene_ids: z.array(z.int()),
  intent: z.enum(["compilation", "refinement", "similarity", "analytics", "general"]),
  tokens_used: z.int(),
  latency_ms: z.number(),
  // Present when the scope spans several projects: where each scene id belongs, same order.
  scenes: z.array(SCENE_REF).optional(),
});
export type ChatResponse = z.infer<typeof CHAT_REPLY>;

const CONVERSATION = z.object({
  id: z.string(),
  title: z.string(),
  project_scope: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
  message_count: z.int(),
});

export const CONVERSATIONS = z.object({
  items: z.array(CONVERSATION),
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
});
export type ConversationsPage = z.infer<typeof CONVERSATIONS>;

const HISTORY_MESSAGE = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  created_at: timestamp,
  // The rest: assistant messages only.
  intent: nullableString.optional(),
  scene_ids: z.array(z.int()).optional(),
  scenes: z.array(SCENE_REF).optional(),
  tokens_used: z.int().nullable().optional(),
  latency_ms: z.number().nullable().optional(),
});
export type HistoryMessage = z.infer<typeof HISTORY_MESSAGE>;

export const HISTORY = CONVERSATION.extend({
  conversation_id: z.string(),
  messages: z.array(HISTORY_MESSAGE),
  limit: z.int(),
  offset: z.int(),
});
export type ConversationHistory = z.infer<typeof HISTORY>;
