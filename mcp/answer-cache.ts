import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { LRUCache } from "lru-cache";

// A 5,000-word transcript answer is about 0.7 MB (structured plus text); this keeps dozens.
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Finished tool answers of one MCP listener (shared by its sessions), keyed by the tool, its
 * arguments and a stamp of the data the answer was made from: reading, sanitising and
 * serialising a long take's word timings costs far more than checking that stamp.
 */
export class AnswerCache {
  private readonly answers = new LRUCache<string, CallToolResult>({
    maxSize: MAX_BYTES,
    sizeCalculation: (answer) => Math.max(1, textLength(answer) * 2),
  });

  get(key: string): CallToolResult | undefined {
    return this.answers.get(key);
  }

  set(key: string, answer: CallToolResult): void {
    this.answers.set(key, answer);
  }
}

const textLength = (answer: CallToolResult) =>
  answer.content.reduce((sum, part) => sum + (part.type === "text" ? part.text.length : 0), 0);
