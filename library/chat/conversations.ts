import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import type { ConversationHistory, ConversationsPage, HistoryMessage } from "../../domain/schemas/chat.js";
import type { MessageRow } from "../../state/repos/conversations.js";
import type { RegistryStore } from "../../state/stores.js";
import { wholeNumber } from "../media/query.js";

const MAX_PAGE = 200;

/** `limit` (1–200, default 50) and `offset` of the chat listing routes. */
export const CHAT_PAGE_QUERY = z.object({
  limit: wholeNumber(1, MAX_PAGE).optional(),
  offset: wholeNumber(0, 1_000_000_000).optional(),
});
export type ChatPageQuery = z.infer<typeof CHAT_PAGE_QUERY>;

/** `GET /api/chat/conversations`: most recently active first. */
export function listConversations(registry: RegistryStore, page: ChatPageQuery): ConversationsPage {
  const limit = page.limit ?? 50;
  const offset = page.offset ?? 0;
  const { rows, total } = registry.conversations.page(limit, offset);
  return { items: rows, total, limit, offset };
}

function shown(m: MessageRow): HistoryMessage {
  if (m.role === "user") return { role: m.role, content: scrubText(m.content), created_at: m.created_at };
  return {
    role: m.role,
    content: m.content,
    created_at: m.created_at,
    intent: m.intent,
    scene_ids: m.scenes.map((s) => s.scene_id),
    scenes: m.scenes,
    tokens_used: m.tokens_used,
    latency_ms: m.latency_ms,
  };
}

/** `GET /api/chat/history/{id}`: the conversation and its messages, oldest first, a page at a time. */
export function conversationHistory(
  registry: RegistryStore,
  id: string,
  page: ChatPageQuery,
): ConversationHistory {
  const conversation = registry.conversations.get(id);
  if (!conversation) throw new UserError("no conversation with that id", EXIT.usage, 404);
  const limit = page.limit ?? MAX_PAGE;
  const offset = page.offset ?? 0;
  return {
    conversation_id: conversation.id,
    ...conversation,
    messages: registry.conversations.messages(id, limit, offset).map(shown),
    limit,
    offset,
  };
}
