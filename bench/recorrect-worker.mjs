// One recorrect operation in a process of its own, for bench/recorrect.mjs: prints
// {ms, maxRssMb, report} as its last line, maxRssMb being this process's peak resident set.
import { performance } from "node:perf_hooks";
import { importDist } from "./lib.mjs";

const [op, root, backup] = process.argv.slice(2);

const { openLibrary } = await importDist("state/stores.js");
const { loadCorrections } = await importDist("library/transcripts/corrections.js");
const { applyCorrections, dryRunCorrections } = await importDist("library/transcripts/recorrect.js");
const { revertBackup } = await importDist("library/transcripts/transcript-backups.js");

const store = openLibrary(root);
try {
  const { rules } = await loadCorrections(store.paths);
  const t0 = performance.now();
  let report = null;
  if (op === "dry-run") report = await dryRunCorrections(store, rules);
  else if (op === "apply") report = applyCorrections(store, rules);
  else if (op === "revert") report = revertBackup(store, backup);
  else if (op !== "open") throw new Error(`unknown operation ${op}`);
  const ms = performance.now() - t0;
  const hits = report?.rules?.reduce((sum, rule) => sum + rule.hits, 0) ?? null;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  const { heapTotal, external, arrayBuffers } = process.memoryUsage();
  const heap = { heapTotalMb: heapTotal / 1024 / 1024, externalMb: (external + arrayBuffers) / 1024 / 1024 };
  process.stdout.write(`${JSON.stringify({ ms, maxRssMb, heap, hits, report })}\n`);
} catch (error) {
  process.stdout.write(
    `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
  );
} finally {
  store.close();
}
