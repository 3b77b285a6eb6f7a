import { z } from "zod";
import { readJsonColumn } from "../json-column.js";
import { Repository } from "../statements.js";

/** One scene a chat turn returned, resolvable in its project. */
export interface SceneRef {
  project: string;
  media_id: number;
  scene_id: number;
  start_s: number;
  end_s: number;
}

export interface ConversationRow {
  id: string;
  title: string;
  project_scope: string[];
  created_at: string;
  updated_at: string;
  message_count: number;
}

export interface MessageRow {
  id: number;
  role: "user" | "assistant";
  content: string;
  intent: string | null;
  scenes: SceneRef[];
  tokens_used: number | null;
  latency_ms: number | null;
  created_at: string;
}

export interface NewTurn {
  conversationId: string;
  /** Set when the conversation does not exist yet. */
  title?: string;
  projectScope: readonly string[];
  prompt: string;
  answer: string;
  intent: string;
  scenes: readonly SceneRef[];
  tokensUsed: number;
  latencyMs: number;
}

const SCENE_REFS = z.array(
  z.object({
    project: z.string(),
    media_id: z.number(),
    scene_id: z.number(),
    start_s: z.number(),
    end_s: z.number(),
  }),
);
const NAMES = z.array(z.string());

interface StoredConversation extends Omit<ConversationRow, "project_scope"> {
  project_scope: string;
}
interface StoredMessage extends Omit<MessageRow, "scenes"> {
  scenes_json: string | null;
}

const conversation = (row: StoredConversation): ConversationRow => ({
  ...row,
  project_scope: readJsonColumn(row.project_scope, NAMES, []),
});

const message = ({ scenes_json, ...row }: StoredMessage): MessageRow => ({
  ...row,
  scenes: readJsonColumn(scenes_json, SCENE_REFS, []),
});

/** Chat conversations and their messages, in the registry (they may span projects). */
export class ConversationsRepo extends Repository {
  get(id: string): ConversationRow | undefined {
    const row = this.prepare("SELECT * FROM conversations WHERE id = ?").get(id) as
      | StoredConversation
      | undefined;
    return row && conversation(row);
  }

  /** Most recently active first. */
  page(limit: number, offset: number): { rows: ConversationRow[]; total: number } {
    const rows = this.prepare(
      "SELECT * FROM conversations ORDER BY updated_at DESC, id LIMIT ? OFFSET ?",
    ).all(limit, offset) as StoredConversation[];
    const { n } = this.prepare("SELECT count(*) AS n FROM conversations").get() as { n: number };
    return { rows: rows.map(conversation), total: n };
  }

  /** The newest `count` messages, oldest first. */
  lastMessages(conversationId: string, count: number): MessageRow[] {
    const rows = this.prepare(
      "SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY id DESC LIMIT ?",
    ).all(conversationId, count) as StoredMessage[];
    return rows.reverse().map(message);
  }

  /** Messages oldest first, a page at a time. */
  messages(conversationId: string, limit: number, offset: number): MessageRow[] {
    return (
      this.prepare("SELECT * FROM chat_messages WHERE conversation_id = ? ORDER BY id LIMIT ? OFFSET ?").all(
        conversationId,
        limit,
        offset,
      ) as StoredMessage[]
    ).map(message);
  }

  /** The scenes of the conversation's latest assistant turn that returned any. */
  lastSceneList(conversationId: string): SceneRef[] | null {
    const row = this.prepare(
      `SELECT scenes_json FROM chat_messages
         WHERE conversation_id = ? AND role = 'assistant' AND scenes_json IS NOT NULL
           AND intent IN ('compilation', 'refinement', 'similarity')
         ORDER BY id DESC LIMIT 1`,
    ).get(conversationId) as { scenes_json: string } | undefined;
    return row ? readJsonColumn(row.scenes_json, SCENE_REFS, []) : null;
  }

  /**
   * Stores a question and its answer together, creating the conversation on its first turn:
   * a turn that failed leaves no half of itself behind.
   */
  addTurn(turn: NewTurn): void {
    const now = new Date().toISOString();
    const scope = JSON.stringify(turn.projectScope);
    this.db.transaction(() => {
      if (turn.title !== undefined) {
        this.prepare(
          `INSERT INTO conversations (id, title, project_scope, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?)`,
        ).run(turn.conversationId, turn.title, scope, now, now);
      }
      const insert = this.prepare(
        `INSERT INTO chat_messages
           (conversation_id, role, content, intent, scenes_json, tokens_used, latency_ms, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      insert.run(turn.conversationId, "user", turn.prompt, null, null, null, null, now);
      insert.run(
        turn.conversationId,
        "assistant",
        turn.answer,
        turn.intent,
        JSON.stringify(turn.scenes),
        turn.tokensUsed,
        turn.latencyMs,
        now,
      );
      this.prepare(
        `UPDATE conversations SET updated_at = ?, project_scope = ?, message_count = message_count + 2
           WHERE id = ?`,
      ).run(now, scope, turn.conversationId);
    })();
  }
}
