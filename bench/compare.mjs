// Usage: npm run bench:compare -- bench/results/A.json bench/results/B.json
// Sets two runs of `npm run bench` side by side: every figure of their tables, before and after,
// and the relative change of each number in it, with the load each was taken under.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { log, printRows } from "./lib.mjs";

// A number standing on its own ("4,711 req/s", "1.25"), not one inside a label such as "p99".
const NUMBER = /(?<![A-Za-z\d.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/g;

/** The relative change of each number in a figure, in order; "" when the two do not line up. */
export function change(before, after) {
  const a = String(before ?? "").match(NUMBER) ?? [];
  const b = String(after ?? "").match(NUMBER) ?? [];
  if (a.length === 0 || a.length !== b.length) return "";
  return a
    .map((x, i) => {
      const from = Number(x.replaceAll(",", ""));
      const to = Number(String(b[i]).replaceAll(",", ""));
      if (from === to) return "=";
      if (from === 0) return "new";
      const pct = ((to - from) / Math.abs(from)) * 100;
      return `${pct > 0 ? "+" : ""}${pct.toFixed(Math.abs(pct) < 10 ? 1 : 0)}%`;
    })
    .join(", ");
}

/** Rows of figure, before, after, change, load before → after; figures in either run are kept. */
export function compareRuns(a, b) {
  const byMeasure = (run) => new Map((run.table ?? []).map((r) => [r.measure, r]));
  const before = byMeasure(a);
  const after = byMeasure(b);
  const names = [...before.keys(), ...[...after.keys()].filter((name) => !before.has(name))];
  const conditions = (r) => (r ? [r["load avg"], r["other load"]].filter(Boolean).join(" / ") : "");
  return names.map((name) => {
    const x = before.get(name);
    const y = after.get(name);
    return [
      name,
      x?.value ?? "—",
      y?.value ?? "—",
      x && y ? change(x.value, y.value) : "",
      `${conditions(x) || "—"} → ${conditions(y) || "—"}`,
    ];
  });
}

function main(args) {
  if (args.length !== 2) {
    log("usage: npm run bench:compare -- before.json after.json   (files from bench/results/)");
    return 2;
  }
  const [a, b] = args.map((file) => {
    const run = JSON.parse(readFileSync(file, "utf8"));
    if (!Array.isArray(run.table))
      throw new Error(`${file} holds no table (a run from before tables were kept?)`);
    return run;
  });
  log(`before: ${a.finishedAt}   after: ${b.finishedAt}`);
  printRows(["figure", "before", "after", "change", "load avg / other load"], compareRuns(a, b));
  log("\nchange: relative change of each number in the figure, in order (= unchanged).");
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench:compare: ${error.message}\n`);
    process.exitCode = 1;
  }
}
