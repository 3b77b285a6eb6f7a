import { createHash } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { isErrno } from "../../state/errno.js";

/** What happened to one file at one destination, as the journal keeps it. */
export interface JournalRecord {
  rel: string;
  dest: string;
  status: "verified" | "failed";
  size: number;
  mtimeMs: number;
  hash: string | null;
}

/**
 * Where an offload's journal lives: SVC_HOME/offload/<key>.jsonl, the key hashed from the real
 * source, the real destinations (sorted) and the hash format, so the same offload finds it again.
 */
export function journalPath(
  svcHome: string,
  source: string,
  dests: readonly string[],
  format: string,
): string {
  const key = createHash("sha256")
    .update(JSON.stringify([source, [...dests].sort(), format]))
    .digest("hex")
    .slice(0, 24);
  return join(svcHome, "offload", `${key}.jsonl`);
}

const keyOf = (dest: string, rel: string) => `${dest}\0${rel}`;

/**
 * The resume state of one offload: an append-only JSON-lines file, one line per file and
 * destination as each finishes. Appending keeps 100,000 files linear, and a line cut short by a
 * kill is simply not read back (that file is copied again).
 */
export class Journal {
  private constructor(
    private readonly handle: Awaited<ReturnType<typeof open>>,
    private readonly records: Map<string, JournalRecord>,
  ) {}

  /** Opens the journal; `resume` keeps what an earlier run recorded, otherwise it starts empty. */
  static async open(path: string, resume: boolean): Promise<Journal> {
    await mkdir(join(path, ".."), { recursive: true });
    const records = new Map<string, JournalRecord>();
    if (resume) {
      let text = "";
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        if (!isErrno(error, "ENOENT")) throw error;
      }
      for (const line of text.split("\n")) {
        if (!line.trim()) continue;
        try {
          const record = JSON.parse(line) as JournalRecord;
          records.set(keyOf(record.dest, record.rel), record);
        } catch {
          // The line a kill cut short: that file is simply copied again.
        }
      }
    }
    const handle = await open(path, resume ? "a" : "w");
    // A resumed journal may end in a torn line; the next record must start on a line of its own.
    if (resume) await handle.write("\n");
    return new Journal(handle, records);
  }

  get(dest: string, rel: string): JournalRecord | undefined {
    return this.records.get(keyOf(dest, rel));
  }

  async record(record: JournalRecord): Promise<void> {
    this.records.set(keyOf(record.dest, record.rel), record);
    await this.handle.write(`${JSON.stringify(record)}\n`);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
