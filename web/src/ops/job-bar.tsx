import { etaText, progressFigures, rateText } from "./progress.js";

export interface JobBarProps {
  /** What the bar is of, e.g. `Ingest of footage`. */
  label: string;
  done: number;
  total: number | null;
  /** What is counted, plural: `files`, `clips`. */
  unit: string;
  startedAt: string | null;
  /** Null while running: the rate and time left are then of now. */
  finishedAt: string | null;
  /** A rate the job measures itself (an offload's MiB/s), shown instead of the count's. */
  rate?: string | undefined;
}

/**
 * A long job's progress: a bar (role progressbar, so a screen reader hears how far) and the same
 * in words — counts, rate and time left while it runs.
 */
export function JobBar({ label, done, total, unit, startedAt, finishedAt, rate }: JobBarProps) {
  const running = finishedAt === null;
  const figures = progressFigures({
    done,
    total,
    startedAt,
    now: running ? Date.now() : Date.parse(finishedAt),
  });
  const counts = total === null ? `${done} ${unit}` : `${done} of ${total} ${unit}`;
  const pace = rate ?? rateText(figures.rate, unit);
  const words = running ? `${counts}, ${pace}, ${etaText(figures.etaS)} left` : `${counts}, done`;
  const percent = figures.fraction === null ? null : Math.round(figures.fraction * 100);
  return (
    <div class="job-bar">
      <div
        class="job-bar-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total === null ? undefined : Math.min(done, total)}
        aria-valuetext={words}
      >
        <div class="job-bar-fill" style={{ width: `${percent ?? 0}%` }} />
      </div>
      <span class="job-bar-text">
        {label}: {words}
      </span>
    </div>
  );
}
