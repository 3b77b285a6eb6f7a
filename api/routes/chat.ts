import { getRouterParam } from "h3";
import { ACCESS } from "../../domain/scopes.js";
import { CHAT_PAGE_QUERY, conversationHistory, listConversations } from "../../library/chat/conversations.js";
import { CHAT_BODY, chatTurn } from "../../library/chat/turn.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { readQuery } from "../query.js";
import { CHAT_REPLY, CONVERSATIONS, HISTORY } from "../responses.js";
import type { RouteDef } from "./types.js";

const ms = (value: number) => value.toFixed(1);

export const chatRoutes: readonly RouteDef[] = [
  {
    method: "POST",
    path: "/api/chat",
    scopes: ACCESS.chatWrite,
    handler: async (event, deps) => {
      const body = await readJson(event, CHAT_BODY);
      const { response, timing } = await chatTurn(deps, body, event.req.signal);
      const reply = jsonResponse(200, response);
      // The model host's share of the turn, so a client (and the bench) can tell it from svc's own.
      reply.headers.set(
        "server-timing",
        `model;dur=${ms(timing.model_ms)}, total;dur=${ms(timing.total_ms)}`,
      );
      return reply;
    },
    doc: {
      summary: "One chat turn: classifies the prompt, searches the library, answers",
      description:
        "404 for an unknown `conversation_id`; 503 when the model host cannot answer or a project in scope is unreachable.",
      body: CHAT_BODY,
      response: CHAT_REPLY,
      errors: [404, 503],
    },
  },
  {
    method: "GET",
    path: "/api/chat/conversations",
    scopes: ACCESS.chatRead,
    handler: (event, deps) => listConversations(deps.ctx.registry, readQuery(event, CHAT_PAGE_QUERY)),
    doc: {
      summary: "Conversations, most recently active first",
      query: CHAT_PAGE_QUERY,
      response: CONVERSATIONS,
    },
  },
  {
    method: "GET",
    path: "/api/chat/history/:id",
    scopes: ACCESS.chatRead,
    handler: (event, deps) =>
      conversationHistory(
        deps.ctx.registry,
        getRouterParam(event, "id") ?? "",
        readQuery(event, CHAT_PAGE_QUERY),
      ),
    doc: { summary: "One conversation's messages", query: CHAT_PAGE_QUERY, response: HISTORY },
  },
];
