// Usage: npm run bench -- recorrect   (or node bench/run.mjs recorrect after `npm run build`)
// The correction dictionary over a large library: 100,000 transcripts (text, segments and word
// timings, as ingest stores them) × 100 word rules. A dry run, an apply (backup written first, one
// transaction) and a revert of that backup, each in a fresh process so its peak RSS is its own,
// beside a process that only opens the library: the pass pages through rows, so its peak must not
// grow with the library (compare BENCH_RECORRECT_ROWS=5000 with the default: the text grows 20×).
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { BenchError, importDist, log, REPO, random, tempDir } from "./lib.mjs";

const TRANSCRIPTS = Number(process.env.BENCH_RECORRECT_ROWS ?? 100_000);
const RULES = 100;
const WORDS_PER_TRANSCRIPT = 24;
const WORDS_PER_SEGMENT = 6;
const WORKER = join(REPO, "bench", "recorrect-worker.mjs");

const VOCABULARY = (
  "the take light camera scene wide close morning evening interview river street market crowd drone " +
  "shot again slowly turn left right door window table coffee rain sun wind bridge car train station"
).split(" ");

/** The misheard name of rule i and its correction. */
const misheard = (i) => `jon${i}`;

async function buildTranscripts(root, dist) {
  const rand = random(20_261_127);
  const store = dist.openLibrary(root);
  let textBytes = 0;
  try {
    const insertMedia = store.db.prepare(
      `INSERT INTO media (id, rel_path, kind, size, mtime_ms, fingerprint, duration_s, audio_tracks,
         transcript, segments_json, words_json, language, next_stage, status, created_at, updated_at)
       VALUES (?, ?, 'video', 1, 1, ?, ?, 1, ?, ?, ?, 'en', 'done', 'done', ?, ?)`,
    );
    const insertTranscript = store.db.prepare(
      `INSERT INTO transcripts (media_id, language, text, segments_json, words_json, backend, created_at)
       VALUES (?, 'en', ?, ?, ?, 'bench', ?)`,
    );
    const now = new Date().toISOString();
    store.db.transaction(() => {
      for (let id = 1; id <= TRANSCRIPTS; id += 1) {
        const words = [];
        for (let w = 0; w < WORDS_PER_TRANSCRIPT; w += 1) {
          const token =
            rand() < 0.05
              ? misheard(Math.floor(rand() * RULES))
              : VOCABULARY[Math.floor(rand() * VOCABULARY.length)];
          words.push({ word: token, start: w * 0.4, end: w * 0.4 + 0.35, score: 0.9 });
        }
        const segments = [];
        for (let s = 0; s < words.length; s += WORDS_PER_SEGMENT) {
          const part = words.slice(s, s + WORDS_PER_SEGMENT);
          segments.push({
            start: part[0].start,
            end: part[part.length - 1].end,
            text: part.map((w) => w.word).join(" "),
          });
        }
        const text = segments.map((s) => s.text).join(" ");
        const segmentsJson = JSON.stringify(segments);
        const wordsJson = JSON.stringify(words);
        textBytes += 2 * (text.length + segmentsJson.length + wordsJson.length);
        insertMedia.run(
          id,
          `clips/${id}.mp4`,
          `f${id}`,
          words.length * 0.4,
          text,
          segmentsJson,
          wordsJson,
          now,
          now,
        );
        insertTranscript.run(id, text, segmentsJson, wordsJson, now);
      }
    })();
    store.db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    store.close();
  }
  return textBytes;
}

async function worker(op, root, extra = []) {
  const { stdout } = await promisify(execFile)(process.execPath, [WORKER, op, root, ...extra], {
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60 * 60_000,
  });
  const result = JSON.parse(stdout.trim().split("\n").pop());
  if (result.error) throw new BenchError(`recorrect ${op}: ${result.error}`);
  return result;
}

export async function benchRecorrect() {
  const dist = {
    ...(await importDist("state/stores.js")),
    ...(await importDist("library/transcripts/corrections.js")),
    ...(await importDist("state/paths.js")),
  };
  const root = await tempDir("recorrect");
  const t0 = performance.now();
  const textBytes = await buildTranscripts(root, dist);
  const buildMs = performance.now() - t0;
  const paths = dist.projectPaths(root);
  const rules = Array.from({ length: RULES }, (_, i) => ({
    from: misheard(i),
    to: `John${i}`,
    scope: "word",
    pre: false,
    post: true,
  }));
  await dist.saveCorrections(paths, { rules });
  const dbMb = (await stat(paths.libraryDb)).size / 1024 / 1024;
  log(
    `recorrect: ${TRANSCRIPTS} transcripts (${dbMb.toFixed(0)} MB database) built in ${(buildMs / 1000).toFixed(1)} s`,
  );

  const baseline = await worker("open", root);
  const dry = await worker("dry-run", root);
  log(`recorrect: dry run ${(dry.ms / 1000).toFixed(1)} s, peak RSS ${dry.maxRssMb.toFixed(0)} MB`);
  const apply = await worker("apply", root);
  log(
    `recorrect: apply ${(apply.ms / 1000).toFixed(1)} s, peak RSS ${apply.maxRssMb.toFixed(0)} MB (V8 heap at the end ${apply.heap.heapTotalMb.toFixed(0)} MB)`,
  );
  const backupMb = (await stat(join(paths.backups, apply.report.backup))).size / 1024 / 1024;
  const revert = await worker("revert", root, [apply.report.backup]);
  log(`recorrect: revert ${(revert.ms / 1000).toFixed(1)} s, peak RSS ${revert.maxRssMb.toFixed(0)} MB`);
  if (apply.report.items !== dry.report.items)
    throw new BenchError(
      `apply changed ${apply.report.items} items, the dry run counted ${dry.report.items}`,
    );
  return {
    transcripts: TRANSCRIPTS,
    rules: RULES,
    dbMb,
    textMb: textBytes / 1024 / 1024,
    backupMb,
    baselineMb: baseline.maxRssMb,
    dry: { ms: dry.ms, maxRssMb: dry.maxRssMb, items: dry.report.items, hits: dry.hits },
    apply: { ms: apply.ms, maxRssMb: apply.maxRssMb, items: apply.report.items },
    revert: { ms: revert.ms, maxRssMb: revert.maxRssMb, restored: revert.report.restored },
  };
}

export function recorrectRows(f) {
  const extra = (m) => m.maxRssMb - f.baselineMb;
  const memRow = (label, m) => [
    `recorrect: ${label} peak RSS over a process that only opens the library (${f.baselineMb.toFixed(0)} MB)`,
    `+${extra(m).toFixed(0)} MB (peak ${m.maxRssMb.toFixed(0)} MB; text in the library ${f.textMb.toFixed(0)} MB)`,
    "",
    "",
    "",
    "(info)",
    "",
  ];
  const time = (ms) =>
    `${(ms / 1000).toFixed(1)} s (${Math.round(f.transcripts / (ms / 1000))} transcripts/s)`;
  return [
    [
      `recorrect: dry run, ${f.transcripts} transcripts × ${f.rules} rules (${f.dbMb.toFixed(0)} MB db)`,
      `${time(f.dry.ms)}; ${f.dry.hits} hits in ${f.dry.items} items`,
      "",
      "",
      "",
      "(info)",
      "",
    ],
    memRow("dry run", f.dry),
    [
      "recorrect: apply (backup first, one transaction)",
      `${time(f.apply.ms)}; ${f.apply.items} items changed, backup ${f.backupMb.toFixed(0)} MB`,
      "",
      "",
      "",
      "(info)",
      "",
    ],
    memRow("apply", f.apply),
    [
      "recorrect: revert of that backup",
      `${time(f.revert.ms)}; ${f.revert.restored} rows restored`,
      "",
      "",
      "",
      "(info)",
      "",
    ],
    memRow("revert", f.revert),
  ];
}
