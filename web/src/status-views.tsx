// The operations view's readings of svc's status routes, as an admin reads them at a glance.
import type {
  EmbedStatus,
  IngestJobs,
  OffloadJobs,
  ProxyJobs,
  RetranscribeStatus,
  Stats,
  SyncStatus,
} from "./client.js";
import { JobBar } from "./ops/job-bar.js";

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toLocaleString(undefined, { maximumFractionDigits: 1 })} MiB`;
const count = (n: number | null) => (n === null ? "not checked" : n.toLocaleString());

export function StatsView({ s }: { s: Stats }) {
  const failed = Object.entries(s.failures.items_by_stage).filter(([, n]) => n > 0);
  return (
    <dl class="facts">
      <dt>Items</dt>
      <dd>
        {s.items.total.toLocaleString()} ({s.items.video.toLocaleString()} video,{" "}
        {s.items.audio.toLocaleString()} audio, {s.items.image.toLocaleString()} stills),{" "}
        {s.hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} hours
      </dd>
      <dt>Missing</dt>
      <dd>{s.missing.toLocaleString()}</dd>
      <dt>Derived files</dt>
      <dd>
        {mib(s.derived_bytes.total)} (thumbnails {mib(s.derived_bytes.thumbs)}, key frames{" "}
        {mib(s.derived_bytes.frames)}, proxies {mib(s.derived_bytes.proxies)})
      </dd>
      <dt>Failed</dt>
      <dd>
        {failed.length === 0
          ? "none"
          : failed.map(([stage, n]) => `${n.toLocaleString()} at ${stage}`).join(", ")}
        {s.failures.files > 0 && ` (${s.failures.files.toLocaleString()} failure files)`}
      </dd>
    </dl>
  );
}

export function EmbedView({ e }: { e: EmbedStatus }) {
  return (
    <dl class="facts">
      <dt>Model</dt>
      <dd>{e.model}</dd>
      <dt>Vectors</dt>
      <dd>
        {e.vectors.toLocaleString()}
        {e.not_indexed > 0 && ` (${e.not_indexed.toLocaleString()} not yet in the index)`}
      </dd>
      <dt>Waiting</dt>
      <dd>
        {e.awaiting.toLocaleString()} items: new {count(e.counts.new)}, stale {count(e.counts.stale)},
        unverified {count(e.counts.unverified)}, forced {count(e.counts.forced)}
      </dd>
    </dl>
  );
}

export function ProxyJobsView({ p }: { p: ProxyJobs }) {
  if (p.jobs.length === 0) return <p>No editor proxies made since svc started.</p>;
  return (
    <ul class="jobs">
      {p.jobs.map((job) => {
        const failed = job.results.filter((r) => r.status === "failed");
        return (
          <li key={job.id}>
            {job.project}: {job.state}, {job.done} of {job.total} clips
            {job.current &&
              ` — clip ${job.current.media_id} at ${Math.round(job.current.encoded_s)}${
                job.current.duration_s ? ` of ${Math.round(job.current.duration_s)}` : ""
              } s`}
            {failed.length > 0 && (
              <span class="error">
                {" "}
                — failed: {failed.map((r) => `clip ${r.id}${r.reason ? ` (${r.reason})` : ""}`).join(", ")}
              </span>
            )}
            <JobBar
              label={`Editor proxies of ${job.project}`}
              done={job.done}
              total={job.total}
              unit="clips"
              startedAt={job.started_at}
              finishedAt={job.state === "running" ? null : (job.finished_at ?? job.started_at)}
            />
          </li>
        );
      })}
    </ul>
  );
}

export function OffloadJobsView({ o }: { o: OffloadJobs }) {
  if (o.jobs.length === 0) return <p>No card offloads since svc started.</p>;
  return (
    <ul class="jobs">
      {o.jobs.map((job) => (
        <li key={job.id}>
          Card {job.source}: {job.state} ({job.hash}
          {job.verify ? ", read back" : ", not read back"})
          {job.error && <span class="error"> — {job.error}</span>}
          <ul>
            {job.dests.map((d) => (
              <li key={d.name}>
                {d.name}: {d.files_done} of {d.files_total} files, {mib(d.bytes_done)}
                {d.copy_mib_s !== null && ` at ${d.copy_mib_s} MiB/s`}
                {d.failed > 0 && <span class="error"> — {d.failed} failed</span>}
                <JobBar
                  label={`Copy to ${d.name}`}
                  done={d.files_done}
                  total={d.files_total}
                  unit="files"
                  startedAt={job.started_at}
                  finishedAt={job.state === "running" ? null : (job.finished_at ?? job.started_at)}
                  rate={d.copy_mib_s === null ? undefined : `${d.copy_mib_s} MiB/s`}
                />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function IngestJobsView({ i }: { i: IngestJobs }) {
  if (i.jobs.length === 0) return <p>No ingest pass started here since svc started.</p>;
  return (
    <ul class="jobs">
      {i.jobs.map((job) => (
        <li key={job.id}>
          {job.project} ({job.dir}): {job.status}
          {job.failed > 0 && <span class="error"> — {job.failed} failed</span>}
          <JobBar
            label={`Ingest of ${job.project}`}
            done={job.files_done}
            total={job.files_total}
            unit="files"
            startedAt={job.started_at}
            finishedAt={job.status === "running" ? null : (job.finished_at ?? job.started_at)}
          />
        </li>
      ))}
    </ul>
  );
}

export function SyncRunView({ s }: { s: SyncStatus }) {
  if (s.state === "idle") return <p>No sync run since svc started.</p>;
  return (
    <>
      <p>
        {s.project}: {s.state}, {s.pairs} pairs, {s.unmatched} unmatched
        {s.failed > 0 && <span class="error"> — {s.failed} failed</span>}
        {s.error && <span class="error"> — {s.error}</span>}
      </p>
      <JobBar
        label={`Sync of ${s.project ?? "the project"}`}
        done={s.clips_done}
        total={s.clips_total}
        unit="clips"
        startedAt={s.started_at}
        finishedAt={s.state === "running" ? null : (s.finished_at ?? s.started_at)}
      />
    </>
  );
}

export function RetranscribeView({ r }: { r: RetranscribeStatus }) {
  if (r.started_at === null) return <p>No retranscribe run since svc started.</p>;
  return (
    <>
      {r.failed > 0 && <p class="error">{r.failed} failed</p>}
      <JobBar
        label={`Retranscribe of ${r.project ?? "the project"}`}
        done={r.done + r.failed}
        total={r.total}
        unit="items"
        startedAt={r.started_at}
        finishedAt={r.running ? null : (r.finished_at ?? r.started_at)}
      />
    </>
  );
}
