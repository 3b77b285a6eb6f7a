import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { LRUCache } from "lru-cache";
import type { McpDeps, ToolDef } from "./tools.js";

// A 5,000-word transcript answer is about 0.7 MB (structured plus text), and as much again once
// serialized for a direct answer over HTTP; this keeps dozens.
const MAX_BYTES = 64 * 1024 * 1024;

interface Kept {
  readonly answer: CallToolResult;
  /** The answer as JSON, made the first time it is sent directly over HTTP (direct-call.ts). */
  readonly wire?: Buffer;
}

/**
 * The cache key of one call: the tool, its checked arguments and the stamp of the data its
 * answer is made from, or undefined for a tool whose answers are not kept.
 */
export function answerKey(tool: ToolDef, args: unknown, deps: McpDeps): string | undefined {
  const stamp = tool.stamp?.(args, deps);
  return stamp === undefined ? undefined : `${tool.name}\n${JSON.stringify(args)}\n${stamp}`;
}

/**
 * Finished tool answers of one MCP listener (shared by its sessions), keyed by `answerKey`:
 * reading, sanitising and serialising a long take's word timings costs far more than checking
 * the stamp of what they were made from.
 */
export class AnswerCache {
  private readonly kept = new LRUCache<string, Kept>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => Math.max(1, textLength(entry.answer) * 2 + (entry.wire?.length ?? 0)),
  });

  get(key: string): CallToolResult | undefined {
    return this.kept.get(key)?.answer;
  }

  set(key: string, answer: CallToolResult): void {
    this.kept.set(key, { answer });
  }

  /** The kept answer serialized as JSON, or undefined when the cache does not hold it. */
  wire(key: string): Buffer | undefined {
    const entry = this.kept.get(key);
    if (!entry || entry.wire) return entry?.wire;
    const wire = Buffer.from(JSON.stringify(entry.answer));
    // A new entry, so the LRU counts the serialized bytes against its budget.
    this.kept.set(key, { answer: entry.answer, wire });
    return wire;
  }
}

const textLength = (answer: CallToolResult) =>
  answer.content.reduce((sum, part) => sum + (part.type === "text" ? part.text.length : 0), 0);
