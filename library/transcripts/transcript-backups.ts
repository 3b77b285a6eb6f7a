import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import type { BackupInfo, BackupKind, RevertReport } from "../../domain/schemas/transcripts.js";
import { placeNewSync } from "../../state/atomic.js";
import { errnoOf } from "../../state/errno.js";
import type { ProjectPaths } from "../../state/paths.js";
import type { MirrorText, TranscriptText } from "../../state/repos/transcripts.js";
import type { LibraryStore } from "../../state/stores.js";

/**
 * Snapshots of transcripts taken before a bulk change (recorrect, retranscribe-all), one JSON
 * Lines file each in `.svc/backups/`: a header line, one line per saved row, and a trailer with
 * the row count and a SHA-256 of every byte before it. A file that was truncated or edited by
 * hand fails the trailer check and restores nothing.
 */

type Entry = ({ table: "transcripts" } & TranscriptText) | ({ table: "media" } & MirrorText);

interface Header {
  svc_backup: 1;
  kind: BackupKind;
  created_at: string;
}

interface Trailer {
  end: true;
  rows: number;
  items: number;
  sha256: string;
}

const FORMAT = 1;
const ID_PATTERN = /^(recorrect|retranscribe)-\d{8}T\d{9}Z-[0-9a-f]{8}\.jsonl$/;
const FLUSH_BYTES = 1 << 20;
const READ_BYTES = 1 << 20;
/** Header and trailer are small; a listing reads no more than this from either end. */
const EDGE_BYTES = 64 * 1024;

const stampOf = (date: Date) => date.toISOString().replace(/[-:.]/g, "");

const refused = (error: unknown) =>
  new UserError(
    `the backup cannot be written to .svc/backups (${errnoOf(error)}); nothing was changed`,
    EXIT.migrationBackup,
    503,
  );

/**
 * Writes one snapshot, synchronously, so it can run inside a database transaction: rows go to a
 * hidden temp file, and `finish` syncs it and places it under a fresh name through the atomic-write
 * helper (a name that exists already is never replaced: another random suffix is drawn). Any
 * failure to write it throws, so the change it was for does not happen.
 */
export class BackupWriter {
  private readonly fd: number;
  private readonly tmp: string;
  private readonly hash = createHash("sha256");
  private readonly mediaIds = new Set<number>();
  private pending: string[] = [];
  private pendingBytes = 0;
  private rows = 0;
  private closed = false;
  readonly createdAt = new Date();

  constructor(
    private readonly dir: string,
    readonly kind: BackupKind,
  ) {
    try {
      mkdirSync(dir, { recursive: true });
      this.tmp = join(dir, `.${kind}-${randomBytes(6).toString("hex")}.tmp`);
      this.fd = openSync(this.tmp, "wx");
    } catch (error) {
      throw refused(error);
    }
    const header: Header = { svc_backup: FORMAT, kind, created_at: this.createdAt.toISOString() };
    this.line(header);
  }

  saveTranscript(row: TranscriptText): void {
    const { media_id, language, text, segments_json, words_json } = row;
    this.entry({ table: "transcripts", media_id, language, text, segments_json, words_json });
    this.mediaIds.add(media_id);
  }

  saveMirror(row: MirrorText): void {
    const { id, transcript, segments_json, words_json } = row;
    this.entry({ table: "media", id, transcript, segments_json, words_json });
    this.mediaIds.add(id);
  }

  get items(): number {
    return this.mediaIds.size;
  }

  private entry(entry: Entry): void {
    this.rows += 1;
    this.line(entry);
  }

  private line(value: unknown): void {
    const text = `${JSON.stringify(value)}\n`;
    this.hash.update(text);
    this.pending.push(text);
    this.pendingBytes += text.length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
  }

  /**
   * A write that fails (a full disk) refuses the change the snapshot is for, like one at the start.
   * A short write is written on from where it stopped: the next write reports why it stopped.
   */
  private flush(): void {
    if (this.pending.length === 0) return;
    const bytes = Buffer.from(this.pending.join(""));
    try {
      for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
    } catch (error) {
      this.abort();
      throw refused(error);
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Seals the snapshot and gives it its name; the returned id is what revert takes. */
  finish(): string {
    const trailer: Trailer = {
      end: true,
      rows: this.rows,
      items: this.mediaIds.size,
      sha256: this.hash.digest("hex"),
    };
    this.pending.push(`${JSON.stringify(trailer)}\n`);
    this.flush();
    try {
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.closed = true;
      for (;;) {
        const id = `${this.kind}-${stampOf(this.createdAt)}-${randomBytes(4).toString("hex")}.jsonl`;
        if (placeNewSync(this.tmp, join(this.dir, id), { synced: true }) === "placed") return id;
      }
    } catch (error) {
      this.abort();
      throw refused(error);
    }
  }

  /** Drops an unfinished snapshot (the change it was for did not happen). */
  abort(): void {
    if (!this.closed) {
      this.closed = true;
      try {
        closeSync(this.fd);
      } catch {
        // Already closed by a failed finish; the temp file is removed below either way.
      }
    }
    rmSync(this.tmp, { force: true });
  }
}

/** The lines of a file, read synchronously a megabyte at a time (the bytes without the newline). */
function* lines(file: string): Generator<Buffer> {
  const fd = openSync(file, "r");
  try {
    const chunk = Buffer.allocUnsafe(READ_BYTES);
    let carry: Buffer = Buffer.alloc(0);
    for (;;) {
      const n = readSync(fd, chunk, 0, READ_BYTES, null);
      if (n === 0) break;
      let data = Buffer.concat([carry, chunk.subarray(0, n)]);
      let at = data.indexOf(0x0a);
      while (at !== -1) {
        yield data.subarray(0, at);
        data = data.subarray(at + 1);
        at = data.indexOf(0x0a);
      }
      carry = Buffer.from(data);
    }
    if (carry.length > 0) yield carry;
  } finally {
    closeSync(fd);
  }
}

function readEdge(file: string, fromEnd: boolean): string {
  const size = statSync(file).size;
  const length = Math.min(size, EDGE_BYTES);
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, fromEnd ? size - length : 0);
    return buf.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

function parseHeader(text: string | undefined): Header | null {
  try {
    const value = JSON.parse(text ?? "") as Partial<Header>;
    if (value.svc_backup !== FORMAT) return null;
    if (value.kind !== "recorrect" && value.kind !== "retranscribe") return null;
    if (typeof value.created_at !== "string") return null;
    return value as Header;
  } catch {
    return null;
  }
}

function parseTrailer(text: string | undefined): Trailer | null {
  try {
    const value = JSON.parse(text ?? "") as Partial<Trailer>;
    if (value.end !== true || !Number.isSafeInteger(value.rows) || !Number.isSafeInteger(value.items))
      return null;
    if (typeof value.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(value.sha256)) return null;
    return value as Trailer;
  } catch {
    return null;
  }
}

/** A backup's header and trailer, or null when it is not a sealed svc transcript backup. */
function describe(dir: string, id: string): BackupInfo | null {
  try {
    const file = join(dir, id);
    const header = parseHeader(readEdge(file, false).split("\n", 1)[0]);
    const tail = readEdge(file, true);
    if (!tail.endsWith("\n")) return null;
    const trailer = parseTrailer(tail.slice(0, -1).split("\n").pop());
    if (!header || !trailer) return null;
    return { id, created_at: header.created_at, kind: header.kind, items: trailer.items };
  } catch {
    return null;
  }
}

/** The project's transcript backups, newest first. */
export function listBackups(paths: ProjectPaths): BackupInfo[] {
  let names: string[];
  try {
    names = readdirSync(paths.backups);
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return [];
    throw new UserError(`.svc/backups cannot be read (${errnoOf(error)})`, EXIT.storage, 503);
  }
  const found: BackupInfo[] = [];
  for (const name of names) {
    if (!ID_PATTERN.test(name)) continue;
    const info = describe(paths.backups, name);
    if (info) found.push(info);
  }
  return found.sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
  );
}

function isEntry(value: unknown): value is Entry {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  const nullableText = (x: unknown) => x === null || typeof x === "string";
  if (v.table === "transcripts")
    return (
      Number.isSafeInteger(v.media_id) &&
      typeof v.language === "string" &&
      typeof v.text === "string" &&
      typeof v.segments_json === "string" &&
      typeof v.words_json === "string"
    );
  if (v.table === "media")
    return (
      Number.isSafeInteger(v.id) &&
      nullableText(v.transcript) &&
      nullableText(v.segments_json) &&
      nullableText(v.words_json)
    );
  return false;
}

const damaged = (id: string, why: string) =>
  new UserError(`backup ${id} is damaged (${why}); nothing was restored`, EXIT.usage, 422);

/**
 * Checks a whole backup against its trailer (every line parses, the count and the checksum
 * match) without changing anything; the restore only starts once this passed.
 */
function verify(file: string, id: string): void {
  const hash = createHash("sha256");
  let previous: Buffer | null = null;
  let index = 0;
  let rows = 0;
  for (const line of lines(file)) {
    if (previous !== null) {
      hash.update(previous);
      hash.update("\n");
      if (index > 1) {
        let value: unknown;
        try {
          value = JSON.parse(previous.toString("utf8"));
        } catch {
          throw damaged(id, `line ${index} is not JSON`);
        }
        if (!isEntry(value)) throw damaged(id, `line ${index} is not a saved transcript`);
        rows += 1;
      }
    }
    previous = line;
    index += 1;
  }
  const trailer = parseTrailer(previous?.toString("utf8"));
  if (!trailer) throw damaged(id, "it ends early");
  if (trailer.rows !== rows) throw damaged(id, "its row count does not match");
  if (hash.digest("hex") !== trailer.sha256) throw damaged(id, "its checksum does not match");
}

/**
 * Restores a listed backup exactly as it was saved, in one transaction. `id` absent: the newest.
 * Anything but the name of a listed backup is refused, so no path can reach outside the folder.
 */
export function revertBackup(store: LibraryStore, id: string | undefined): RevertReport {
  const listed = listBackups(store.paths);
  const chosen = id === undefined ? listed[0] : listed.find((b) => b.id === id);
  if (!chosen) {
    if (id === undefined) throw new UserError("there is no backup to restore", EXIT.usage, 404);
    throw new UserError(
      "backup: not a listed backup id (see GET /api/recorrect/backups)",
      EXIT.usage,
      ID_PATTERN.test(id) ? 404 : 422,
    );
  }
  const file = join(store.paths.backups, chosen.id);
  verify(file, chosen.id);
  let restored = 0;
  let skipped = 0;
  store.transcripts.inTransaction(() => {
    let index = 0;
    for (const line of lines(file)) {
      index += 1;
      if (index === 1) continue;
      const value = JSON.parse(line.toString("utf8")) as Entry | Trailer;
      if ("end" in value) break;
      const written =
        value.table === "transcripts" ? store.transcripts.putText(value) : store.transcripts.putMirror(value);
      if (written) restored += 1;
      else skipped += 1;
    }
  });
  return { backup: chosen.id, kind: chosen.kind, restored, skipped, items: chosen.items };
}
