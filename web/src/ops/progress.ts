/** A long job's progress as its bar shows it: how far, how fast, how long still. */

export interface ProgressInput {
  done: number;
  /** Null while the job does not know yet. */
  total: number | null;
  /** ISO 8601; null when the job has not said. */
  startedAt: string | null;
  /** Milliseconds since the epoch: now, or when the job finished. */
  now: number;
}

export interface ProgressFigures {
  /** 0–1; null without a total. */
  fraction: number | null;
  /** Items per second; null before any time has passed or anything is done. */
  rate: number | null;
  /** Seconds still to go; null when the total or the rate is unknown. */
  etaS: number | null;
}

export function progressFigures({ done, total, startedAt, now }: ProgressInput): ProgressFigures {
  const known = total !== null && total > 0;
  const fraction = known ? Math.min(1, done / total) : total === 0 ? 1 : null;
  const elapsedS = startedAt === null ? Number.NaN : (now - Date.parse(startedAt)) / 1000;
  const rate = elapsedS > 0 && done > 0 ? done / elapsedS : null;
  const left = known ? Math.max(0, total - done) : null;
  const etaS = left === 0 ? 0 : left !== null && rate !== null ? left / rate : null;
  return { fraction, rate, etaS };
}

/** `45 s`, `3 min 05 s`, `2 h 07 min`; `–` when unknown. */
export function etaText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "–";
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/** `2.4 files/s`, `0.3 clips/s`; `–` when unknown. */
export function rateText(rate: number | null, unit: string): string {
  if (rate === null || !Number.isFinite(rate)) return "–";
  return `${rate.toLocaleString("en", { maximumFractionDigits: rate < 10 ? 1 : 0 })} ${unit}/s`;
}
