import type { AnalyticsQuery, AnalyticsRow } from "../../state/repos/analytics.js";
import type { IntentArgs } from "./classify.js";
import { describeFilters } from "./scenes.js";
import type { IntentHandler } from "./turn-types.js";

// Groups listed one by one in the answer (and checked in the model's wording); more are summarised.
const SHOWN_GROUPS = 12;

export interface Figures {
  total: { clips: number; hours: string };
  groups: { key: string; clips: number; hours: string }[];
}

const hours = (seconds: number) => (seconds / 3600).toFixed(2);

function sum(rows: readonly AnalyticsRow[][]): Map<string | null, { clips: number; seconds: number }> {
  const merged = new Map<string | null, { clips: number; seconds: number }>();
  for (const row of rows.flat()) {
    const entry = merged.get(row.key) ?? { clips: 0, seconds: 0 };
    entry.clips += row.clips;
    entry.seconds += row.duration_s;
    merged.set(row.key, entry);
  }
  return merged;
}

/**
 * The same fixed queries over every project in scope, summed: the total (its own query, since a
 * tag grouping counts an item once per tag) and each group, unknown last.
 */
export function figures(
  totals: readonly AnalyticsRow[][],
  groups: readonly AnalyticsRow[][] | null,
): Figures {
  const total = [...sum(totals).values()].reduce(
    (acc, v) => ({ clips: acc.clips + v.clips, seconds: acc.seconds + v.seconds }),
    { clips: 0, seconds: 0 },
  );
  return {
    total: { clips: total.clips, hours: hours(total.seconds) },
    groups: groups
      ? [...sum(groups).entries()]
          .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
          .map(([key, v]) => ({ key: key ?? "unknown", clips: v.clips, hours: hours(v.seconds) }))
      : [],
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const line = (f: { clips: number; hours: string }) => `${plural(f.clips, "clip")}, ${f.hours} hours`;

/** The figures in plain words: what the answer says when the model's wording cannot be trusted. */
export function plainFigures(f: Figures, args: IntentArgs, scope: string): string {
  const narrowed = describeFilters(args.filters);
  const about = `${narrowed ? ` (${narrowed})` : ""}${scope}`;
  if (f.groups.length === 0) return `${line(f.total)} in total${about}.`;
  const shown = f.groups.slice(0, SHOWN_GROUPS).map((g) => `${g.key}: ${line(g)}`);
  const rest = f.groups.length > SHOWN_GROUPS ? `; and ${f.groups.length - SHOWN_GROUPS} more groups` : "";
  return `By ${args.group_by}${about}: ${shown.join("; ")}${rest}. Total: ${line(f.total)}.`;
}

const mentions = (text: string, figure: string | number) =>
  new RegExp(`(?<![\\d.])${String(figure).replace(".", "\\.")}(?![\\d]|\\.\\d)`).test(text);

/** The figures an answer must quote exactly: the metric asked for, in total and per shown group. */
export function quotesFigures(text: string, f: Figures, metric: IntentArgs["metric"]): boolean {
  const pick = (g: { clips: number; hours: string }) => (metric === "hours" ? g.hours : g.clips);
  return [f.total, ...f.groups.slice(0, SHOWN_GROUPS)].every((g) => mentions(text, pick(g)));
}

function query(args: IntentArgs): Omit<AnalyticsQuery, "group"> {
  const { filters } = args;
  return {
    from: filters.date_from,
    to: filters.date_to,
    kinds: filters.type ? [filters.type] : undefined,
    camera: filters.camera,
    tag: filters.tag,
    rating: filters.rating,
  };
}

/**
 * "How many hours did we shoot in March?": a fixed, parameterised query per project (never SQL a
 * model wrote), phrased by the model; an answer that does not quote the exact figures is replaced
 * by the figures in plain words.
 */
export const analytics: IntentHandler = async (turn, args) => {
  const run = (group: IntentArgs["group_by"]) =>
    turn.scope.map((project) => project.store.analytics.aggregate({ ...query(args), group }));
  const f = figures(run("none"), args.group_by === "none" ? null : run(args.group_by));
  const scope = turn.scope.length > 1 ? ` across projects ${turn.scope.map((p) => p.name).join(", ")}` : "";
  const plain = plainFigures(f, args, scope);
  if (f.total.clips === 0) return { text: `No ingested media match: ${plain}`, scenes: [] };
  const facts = [
    `Total: ${line(f.total)}`,
    ...f.groups.slice(0, SHOWN_GROUPS).map((g) => `${g.key}: ${line(g)}`),
  ];
  const text = await turn.model.write(
    [
      {
        role: "system",
        content:
          "You report figures about a video editor's footage library. Use only the figures given, quoted exactly as written (same digits and decimals). One or two sentences.",
      },
      ...turn.history,
      {
        role: "user",
        content: `${turn.prompt}\n\nFigures${scope}${describeFilters(args.filters) ? ` (${describeFilters(args.filters)})` : ""}:\n${facts.join("\n")}`,
      },
    ],
    plain,
  );
  return { text: quotesFigures(text, f, args.metric) ? text : plain, scenes: [] };
};
