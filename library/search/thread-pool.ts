import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isMainThread, parentPort, type Transferable, Worker } from "node:worker_threads";
import type { Logger } from "pino";
import { packageDir } from "../system/version.js";

/** More requests are waiting than the pool accepts: the caller should come back shortly. */
export class ThreadsBusy extends Error {
  constructor(what: string) {
    super(`${what} is busy; try again in a moment`);
    this.name = "ThreadsBusy";
  }
}

/** The thread answering a request died (twice, when retrying is allowed). */
export class ThreadFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ThreadFailed";
  }
}

/**
 * A request given up by its caller while its thread was working on it: the thread was stopped
 * (and is replaced), since a thread cannot be interrupted otherwise. One blocked in a system call
 * (a drive that stopped answering) ends only once that call returns; `exited` says when.
 */
export class ThreadStopped extends Error {
  constructor(
    readonly reason: unknown,
    readonly exited: Promise<void>,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
    this.name = "ThreadStopped";
  }
}

interface Envelope<Req> {
  id: number;
  request: Req;
}

/** Tells a thread to skip a request still waiting in its queue: its caller gave up on it. */
interface Skip {
  skip: number;
}

type Reply<Res> =
  | { id: number; ok: true; value: Res }
  | { id: number; ok: false; name: string; message: string; stack?: string };

interface Pending<Req, Res> {
  id: number;
  request: Req;
  transfer: readonly Transferable[];
  retried: boolean;
  resolve(value: Res): void;
  reject(error: Error): void;
}

interface Slot<Req, Res> {
  worker: Worker;
  pending: Map<number, Pending<Req, Res>>;
  exited: Promise<void>;
  /** Ends the thread once it has had nothing to do for a while (see ThreadPoolOptions.retire). */
  retireTimer: NodeJS.Timeout | null;
}

export interface ThreadPoolOptions<Res = unknown> {
  /** Shown in errors and logs ("vector search"). */
  name: string;
  /** The worker module, as returned by `threadScript`. */
  script: URL;
  size: number;
  /** Requests in flight or waiting across the pool beyond which `request` refuses with ThreadsBusy. */
  maxPending: number;
  /** Resend a request once to a fresh thread when its thread dies (only for read-only work). */
  retryOnCrash: boolean;
  log: Logger;
  /**
   * Ends a thread that has nothing to do `afterMs` after an answer for which `idle` holds (it
   * keeps nothing a later request needs): an idle thread holds its own heap and loaded modules,
   * tens of MB. A later request starts a fresh one.
   */
  retire?: { afterMs: number; idle(answer: Res): boolean };
}

/**
 * The built worker module for `name` beside `moduleUrl`. Under the test runner the modules are
 * TypeScript sources, which a worker thread cannot load: the compiled copy in dist/ is used then.
 */
export function threadScript(moduleUrl: string, name: string): URL {
  const here = fileURLToPath(moduleUrl);
  if (here.endsWith(".js")) return new URL(`./${name}.js`, moduleUrl);
  const root = packageDir();
  const built = join(root, "dist", relative(root, dirname(here)), `${name}.js`);
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  return pathToFileURL(built);
}

/** Threads for CPU-heavy work: one per core by default, at least one. */
export const defaultThreads = () => Math.max(1, Math.min(4, availableParallelism()));

/**
 * A fixed set of worker threads answering requests, the least busy first. Threads start on first
 * use and are unref'd (they never keep the process alive); a thread that dies is replaced, and its
 * requests are retried once or failed, never left hanging.
 */
export class ThreadPool<Req, Res> {
  private readonly slots: (Slot<Req, Res> | null)[];
  /** Threads stopped for a request given up on, until they have exited. */
  private readonly stopping = new Set<Worker>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ThreadPoolOptions<Res>) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => null);
  }

  /**
   * Sends a request to the least busy thread. When `signal` aborts first, the request is given up:
   * one still waiting in its thread's queue is skipped there (rejected with the abort reason); one
   * its thread is working on stops that thread (ThreadStopped), for threads that answer one request
   * at a time (`answerRequests` with `serial`), whose oldest request is the one being worked on.
   */
  request(request: Req, transfer: readonly Transferable[] = [], signal?: AbortSignal): Promise<Res> {
    if (this.closed) return Promise.reject(new ThreadFailed(`${this.options.name} is shut down`));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.pendingCount() >= this.options.maxPending) {
      return Promise.reject(new ThreadsBusy(this.options.name));
    }
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      const giveUp = () => this.giveUp(id, signal?.reason);
      signal?.addEventListener("abort", giveUp, { once: true });
      const done = () => signal?.removeEventListener("abort", giveUp);
      this.dispatch({
        id,
        request,
        transfer,
        retried: false,
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
    });
  }

  /**
   * Sends the same request to every thread of the pool (starting those not running), for work
   * each thread must do for itself, such as mapping an index it will answer from.
   */
  requestEach(request: Req): Promise<Res[]> {
    if (this.closed) return Promise.reject(new ThreadFailed(`${this.options.name} is shut down`));
    return Promise.all(
      this.slots.map(
        (_, index) =>
          new Promise<Res>((resolve, reject) =>
            this.dispatch(
              { id: this.nextId++, request, transfer: [], retried: false, resolve, reject },
              index,
            ),
          ),
      ),
    );
  }

  pendingCount(): number {
    return this.slots.reduce((n, slot) => n + (slot?.pending.size ?? 0), 0);
  }

  /** Threads stopped for a request given up on that have not exited yet (blocked in a system call). */
  stoppingCount(): number {
    return this.stopping.size;
  }

  private giveUp(id: number, reason: unknown): void {
    const index = this.slots.findIndex((slot) => slot?.pending.has(id));
    const slot = this.slots[index];
    const pending = slot?.pending.get(id);
    if (!slot || !pending) return;
    const working = slot.pending.keys().next().value === id;
    slot.pending.delete(id);
    if (!working) {
      slot.worker.postMessage({ skip: id } satisfies Skip);
      pending.reject(reason instanceof Error ? reason : new Error(String(reason)));
      return;
    }
    // The thread is replaced at once; what else it held goes to a fresh one (or fails).
    if (slot.retireTimer) clearTimeout(slot.retireTimer);
    this.slots[index] = null;
    this.stopping.add(slot.worker);
    this.options.log.warn(
      { threads: this.options.name, reason: reason instanceof Error ? reason.message : String(reason) },
      "stopped a worker thread whose request was given up",
    );
    pending.reject(new ThreadStopped(reason, slot.exited));
    this.rehome(slot, "stopped");
    void slot.worker.terminate();
  }

  /** Sends a lost thread's requests to a fresh one once (when allowed), or fails them. */
  private rehome(slot: Slot<Req, Res>, how: string): void {
    const orphans = [...slot.pending.values()];
    slot.pending.clear();
    for (const pending of orphans) {
      if (this.closed) pending.reject(new ThreadFailed(`${this.options.name} shut down before answering`));
      else if (this.options.retryOnCrash && !pending.retried) this.dispatch({ ...pending, retried: true });
      else pending.reject(new ThreadFailed(`${this.options.name} thread ${how} before answering`));
    }
  }

  /** Threads running now. */
  threadCount(): number {
    return this.slots.filter((slot) => slot !== null).length;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0).filter((s): s is Slot<Req, Res> => s !== null);
    for (const slot of slots) {
      if (slot.retireTimer) clearTimeout(slot.retireTimer);
      for (const pending of slot.pending.values()) {
        pending.reject(new ThreadFailed(`${this.options.name} shut down before answering`));
      }
      slot.pending.clear();
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** Sends a request to thread `to`, or else to the least busy. */
  private dispatch(pending: Pending<Req, Res>, to?: number): void {
    let best = to ?? 0;
    for (let i = 1; to === undefined && i < this.slots.length; i++) {
      if ((this.slots[i]?.pending.size ?? 0) < (this.slots[best]?.pending.size ?? 0)) best = i;
    }
    const slot = this.slots[best] ?? this.spawn(best);
    if (slot.retireTimer) {
      clearTimeout(slot.retireTimer);
      slot.retireTimer = null;
    }
    slot.pending.set(pending.id, pending);
    const envelope: Envelope<Req> = { id: pending.id, request: pending.request };
    // A transferred buffer is gone from this thread after posting, and a retry needs the data again.
    slot.worker.postMessage(envelope, this.options.retryOnCrash ? [] : [...pending.transfer]);
  }

  private spawn(index: number): Slot<Req, Res> {
    const worker = new Worker(this.options.script);
    const slot: Slot<Req, Res> = {
      worker,
      pending: new Map(),
      exited: new Promise((resolve) => worker.once("exit", () => resolve())),
      retireTimer: null,
    };
    this.slots[index] = slot;
    worker.unref();
    worker.on("message", (reply: Reply<Res>) => {
      const pending = slot.pending.get(reply.id);
      if (!pending) return;
      slot.pending.delete(reply.id);
      if (reply.ok) {
        this.retireLater(index, slot, reply.value);
        pending.resolve(reply.value);
      } else {
        const error = new Error(reply.message);
        error.name = reply.name;
        if (reply.stack) error.stack = reply.stack;
        pending.reject(error);
      }
    });
    worker.on("error", (error) => {
      this.options.log.error({ err: error, threads: this.options.name }, "a worker thread failed");
    });
    worker.on("exit", (code) => {
      if (slot.retireTimer) clearTimeout(slot.retireTimer);
      if (this.slots[index] === slot) this.slots[index] = null;
      this.stopping.delete(worker);
      this.rehome(slot, `stopped (exit code ${code})`);
    });
    return slot;
  }

  /**
   * After an answer that leaves the thread holding nothing, ends it once it has stayed without
   * work for `retire.afterMs`. It leaves the pool before it is stopped, so a request that comes
   * meanwhile starts a fresh thread and no request is ever sent to one that is stopping.
   */
  private retireLater(index: number, slot: Slot<Req, Res>, answer: Res): void {
    const retire = this.options.retire;
    if (!retire || slot.pending.size > 0 || !retire.idle(answer)) return;
    if (slot.retireTimer) clearTimeout(slot.retireTimer);
    slot.retireTimer = setTimeout(() => {
      slot.retireTimer = null;
      if (this.slots[index] !== slot || slot.pending.size > 0) return;
      this.slots[index] = null;
      void slot.worker.terminate();
    }, retire.afterMs);
    slot.retireTimer.unref();
  }
}

/**
 * The worker side: answers each request with `handle`'s value or error. With `serial`, requests are
 * handled one at a time in arrival order (for threads that keep state between requests).
 */
export function answerRequests<Req, Res>(
  handle: (request: Req) => Promise<Res>,
  options: { serial: boolean },
): void {
  if (isMainThread || !parentPort) throw new Error("answerRequests runs inside a worker thread");
  const port = parentPort;
  let chain: Promise<unknown> = Promise.resolve();
  // Ids only grow in arrival order: a skip for one already started (its answer crossed the skip)
  // is not kept.
  const skipped = new Set<number>();
  let started = 0;
  port.on("message", (message: Envelope<Req> | Skip) => {
    if ("skip" in message) return void (message.skip > started && skipped.add(message.skip));
    const envelope = message;
    const answer = async () => {
      started = Math.max(started, envelope.id);
      if (skipped.delete(envelope.id)) return;
      try {
        const value = await handle(envelope.request);
        port.postMessage({ id: envelope.id, ok: true, value } satisfies Reply<Res>);
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        port.postMessage({
          id: envelope.id,
          ok: false,
          name: e.name,
          message: e.message,
          ...(e.stack ? { stack: e.stack } : {}),
        } satisfies Reply<Res>);
      }
    };
    // A turn of the event loop first, so skips already queued behind a long request are read
    // before the next one starts.
    if (options.serial)
      chain = chain.then(() => new Promise((resolve) => setImmediate(resolve))).then(answer);
    else void answer();
  });
}
