import { type Attempt, HostPool, type MemberReport, type PoolMember, type Verdict } from "../host-pool.js";
import {
  checkBatchSize,
  createModelHost,
  EMBED_BATCH,
  type EmbedOptions,
  type ModelHost,
  ModelHostError,
  type ModelHostMember,
  type ModelStatus,
} from "../modelhost.js";
import { canonicalName, type InstalledModel, jsonAnswer } from "./answers.js";

/**
 * Several model hosts (SVC_MODEL_HOSTS) behind the one ModelHost interface. Each host's installed
 * models and their digests are listed at most every 30 s; a call for a model goes only to hosts
 * that hold the model's reference build (its digest), so vectors of two builds never meet in one
 * index. The reference is the digest most reachable hosts hold (on a tie, the earliest-configured
 * host's), and it stays the reference while any host is known to hold it: a host dying never
 * switches the build in use, only re-pulling the model everywhere does.
 */

const CATALOGUE_MS = 30_000;

interface Member {
  readonly host: ModelHostMember;
  catalogue: InstalledModel[] | null;
  listedAt: number;
  listing: Promise<Listing> | null;
}

type Listing = { ok: true } | { ok: false; error: unknown };

type Entry = PoolMember<Member>;

export interface ModelHostReport extends MemberReport {
  /** As the host last listed them; null before it ever answered. */
  models: InstalledModel[] | null;
  /** Of the models asked about, those the host holds in the build in use: the work it may get. */
  serving: string[];
}

export interface ModelHostPool extends ModelHost {
  /** Every host as last seen, for the operators' status view; `models` are the ones svc uses. */
  report(models: readonly string[]): ModelHostReport[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A host unreachable, out of time or failing with a 5xx is down; a model it lacks only skips it. */
function verdict(error: unknown): Verdict {
  if (!(error instanceof ModelHostError)) return "fail";
  switch (error.kind) {
    case "unreachable":
    case "timeout":
      return "down";
    case "server":
      return error.status === undefined || error.status >= 500 ? "down" : "fail";
    case "model_missing":
      return "skip";
    default:
      return "fail";
  }
}

/** A missing digest (an old Ollama) is one build of its own: hosts that give none count as alike. */
function digestOn(entry: Entry, name: string): string | undefined {
  const found = entry.member.catalogue?.find((m) => canonicalName(m.name) === name);
  return found === undefined ? undefined : (found.digest ?? "");
}

export function createModelHostPool(options: {
  hosts: readonly string[];
  timeoutMs?: number;
  now?: () => number;
}): ModelHostPool {
  const pool = new HostPool<Member>(
    options.hosts.map((url) => {
      const host = createModelHost(
        options.timeoutMs === undefined ? { host: url } : { host: url, timeoutMs: options.timeoutMs },
      );
      return { url: host.host, member: { host, catalogue: null, listedAt: 0, listing: null } };
    }),
    options.now ? { now: options.now } : {},
  );
  const urls = pool.entries.map((e) => e.url).join(", ");
  const references = new Map<string, string>();

  /** Lists the models of every host not taken out whose listing is older than `maxAgeMs`. */
  async function refresh(signal: AbortSignal | undefined, maxAgeMs: number) {
    const answered = new Set<Entry>();
    const errors = new Map<Entry, unknown>();
    await Promise.all(
      pool.entries.map(async (entry) => {
        if (pool.isOut(entry)) return;
        const m = entry.member;
        if (m.catalogue && m.listedAt > pool.clock() - maxAgeMs) {
          answered.add(entry);
          return;
        }
        // Callers arriving while a listing is under way share it and its outcome.
        m.listing ??= m.host.installed(signal).then(
          (models): Listing => {
            m.catalogue = models;
            m.listedAt = pool.clock();
            pool.up(entry);
            return { ok: true };
          },
          (error: unknown): Listing => {
            if (verdict(error) === "down") pool.down(entry, error);
            else entry.lastError = message(error);
            return { ok: false, error };
          },
        );
        const listing = m.listing;
        const outcome = await listing;
        if (m.listing === listing) m.listing = null;
        if (outcome.ok) answered.add(entry);
        else errors.set(entry, outcome.error);
      }),
    );
    return { answered, errors };
  }

  const unreachable = (errors: Map<Entry, unknown>): Error => {
    const [only] = errors.values();
    if (pool.single && only !== undefined) return only as Error;
    const why = [...errors].map(([e, error]) => `${e.url}: ${message(error)}`).join("; ");
    return new ModelHostError("unreachable", `no model host is reachable (${urls})${why ? `: ${why}` : ""}`);
  };

  /** The build of `model` the pool serves (see the header), or null when no host holds it. */
  function reference(model: string): string | null {
    const name = canonicalName(model);
    const held = pool.entries.flatMap((entry) => {
      const digest = digestOn(entry, name);
      return digest === undefined ? [] : [{ entry, digest }];
    });
    const current = references.get(name);
    if (current !== undefined && held.some((h) => h.digest === current)) return current;
    const live = held.filter((h) => h.entry.reachable === true && !pool.isOut(h.entry));
    const counted = live.length > 0 ? live : held;
    const tally = new Map<string, number>();
    for (const { digest } of counted) tally.set(digest, (tally.get(digest) ?? 0) + 1);
    let chosen: string | null = null;
    for (const { digest } of counted) {
      if (chosen === null || (tally.get(digest) ?? 0) > (tally.get(chosen) ?? 0)) chosen = digest;
    }
    if (chosen === null) references.delete(name);
    else references.set(name, chosen);
    return chosen;
  }

  const holds = (entry: Entry, model: string, digest: string) =>
    digestOn(entry, canonicalName(model)) === digest;

  /** Why no host can take a call for `model` whose reference build is `digest` (null: none holds it). */
  function noHost(model: string, digest: string | null): ModelHostError {
    const name = canonicalName(model);
    if (digest === null) {
      if (pool.entries.every((e) => e.member.catalogue === null)) {
        return new ModelHostError("unreachable", `no model host is reachable (${urls})`, { model });
      }
      return new ModelHostError(
        "model_missing",
        `model "${model}" is not installed on any model host (${urls}): run \`ollama pull ${model}\` on each`,
        { model },
      );
    }
    const serving = pool.entries.filter((e) => digestOn(e, name) === digest);
    const state = (e: Entry) =>
      e.outUntil !== null && pool.isOut(e)
        ? `${e.url} (out until ${new Date(e.outUntil).toISOString()}${e.lastError ? `: ${e.lastError}` : ""})`
        : e.url;
    return new ModelHostError(
      "unreachable",
      `no model host holding the build of "${model}" in use is reachable: ${serving.map(state).join(", ")}${otherBuilds(model, digest)}`,
      { model },
    );
  }

  /** The hosts left out because they hold another build of the model, as a sentence to append. */
  function otherBuilds(model: string, digest: string | null): string {
    if (digest === null) return "";
    const name = canonicalName(model);
    const others = pool.entries.filter((e) => ![undefined, digest].includes(digestOn(e, name)));
    if (others.length === 0) return "";
    const verb = others.length === 1 ? "holds" : "hold";
    return `; ${others.map((e) => e.url).join(", ")} ${verb} another build of it: pull the same one everywhere`;
  }

  /** The error after every eligible host was tried. */
  function exhausted(model: string, digest: string | null, attempts: Attempt<Member>[]): Error {
    const last = attempts.at(-1);
    if (!last) return noHost(model, digest);
    if (pool.single) return last.error as Error;
    const faults = attempts.filter((a) => verdict(a.error) === "down");
    const telling = (faults.at(-1) ?? last).error;
    const kind = telling instanceof ModelHostError ? telling.kind : "unreachable";
    if (faults.length === 0 && kind === "model_missing") return noHost(model, null);
    const tried = attempts.map((a) => `${a.entry.url}: ${message(a.error)}`).join("; ");
    return new ModelHostError(
      kind,
      `every model host able to serve "${model}" failed: ${tried}${otherBuilds(model, digest)}`,
      { model, cause: telling },
    );
  }

  async function referenceFor(model: string, signal: AbortSignal | undefined): Promise<string> {
    await refresh(signal, CATALOGUE_MS);
    const digest = reference(model);
    if (digest === null) throw noHost(model, null);
    return digest;
  }

  /**
   * One call for `model` on a host that holds its reference build (`digest`, looked up when not
   * given). A lone host is called as it is, with no listing first.
   */
  async function dispatch<T>(
    model: string,
    signal: AbortSignal | undefined,
    body: (host: ModelHostMember) => Promise<T>,
    given?: string,
  ): Promise<T> {
    const digest = pool.single ? null : (given ?? (await referenceFor(model, signal)));
    const call = async (m: Member) => {
      try {
        return await body(m.host);
      } catch (error) {
        if (error instanceof ModelHostError && error.kind === "model_missing") {
          // The listing was out of date: the host no longer has the model.
          const name = canonicalName(model);
          m.catalogue = m.catalogue?.filter((x) => canonicalName(x.name) !== name) ?? null;
        }
        throw error;
      }
    };
    return pool.run(
      (entry) => digest === null || holds(entry, model, digest),
      call,
      verdict,
      (attempts) => exhausted(model, digest, attempts),
    );
  }

  async function embedSpread(
    model: string,
    texts: readonly string[],
    opts: EmbedOptions,
  ): Promise<Float32Array[]> {
    const size = checkBatchSize(opts.batchSize ?? EMBED_BATCH);
    if (texts.length === 0) return [];
    // One build for every batch of the call, whichever host embeds it.
    const digest = await referenceFor(model, opts.signal);
    const batches: string[][] = [];
    for (let at = 0; at < texts.length; at += size) batches.push(texts.slice(at, at + size));
    const hosts = pool.entries.filter((e) => !pool.isOut(e) && holds(e, model, digest)).length;
    const results: Float32Array[][] = [];
    let next = 0;
    let failed = false;
    const lane = async () => {
      while (!failed && next < batches.length) {
        const index = next++;
        const batch = batches[index] as string[];
        try {
          results[index] = await dispatch(
            model,
            opts.signal,
            (host) => host.embed(model, batch, { ...opts, batchSize: size }),
            digest,
          );
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(hosts, batches.length)) }, lane));
    const vectors = results.flat();
    const dim = vectors[0]?.length;
    if (vectors.some((v) => v.length !== dim)) {
      throw new ModelHostError(
        "bad_response",
        `embedding with "${model}": the hosts answered different dimensions`,
        {
          model,
        },
      );
    }
    return vectors;
  }

  const chat: ModelHost["chat"] = (req) => dispatch(req.model, req.signal, (host) => host.chat(req));

  return {
    host: urls,

    async listModels(signal) {
      const { answered, errors } = await refresh(signal, 0);
      if (answered.size === 0) throw unreachable(errors);
      const names = new Set<string>();
      for (const entry of answered) {
        for (const m of entry.member.catalogue ?? []) {
          if (holds(entry, m.name, reference(m.name) ?? "")) names.add(m.name);
        }
      }
      return [...names];
    },

    async digest(model, signal) {
      const { answered, errors } = await refresh(signal, 0);
      if (answered.size === 0) throw unreachable(errors);
      const digest = reference(model);
      return digest === null || digest === "" ? null : digest;
    },

    async status(models, signal) {
      const pulled: Record<string, boolean> = Object.fromEntries(models.map((m) => [m, false]));
      const { answered, errors } = await refresh(signal, 0);
      if (answered.size === 0) return { reachable: false, pulled, error: unreachable(errors).message };
      for (const model of models) {
        const digest = reference(model);
        pulled[model] = digest !== null && [...answered].some((e) => holds(e, model, digest));
      }
      return { reachable: true, pulled } satisfies ModelStatus;
    },

    embed(model, texts, opts = {}) {
      if (pool.single) return dispatch(model, opts.signal, (host) => host.embed(model, texts, opts));
      return embedSpread(model, texts, opts);
    },

    chat,

    async chatJson(req) {
      const { content, tokens } = await chat(req);
      return { value: jsonAnswer(content, req.model, req.parse), tokens };
    },

    async unload(model, signal) {
      const name = canonicalName(model);
      // Every host that may have loaded it; each ignores its own failure.
      await Promise.all(
        pool.entries
          .filter((e) => pool.single || (!pool.isOut(e) && digestOn(e, name) !== undefined))
          .map((e) => e.member.host.unload(model, signal)),
      );
    },

    report(models) {
      const digests = models.map((model) => ({ model, digest: reference(model) }));
      const states = pool.report();
      return pool.entries.map((entry, i) => ({
        ...(states[i] as MemberReport),
        models: entry.member.catalogue,
        serving: digests
          .filter(({ model, digest }) => digest !== null && holds(entry, model, digest))
          .map(({ model }) => model),
      }));
    },
  };
}
