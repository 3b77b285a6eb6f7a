/** Finished jobs a status keeps, newest first. */
const KEPT_JOBS = 20;

/**
 * The jobs of one kind a process runs in the background (editor proxies, offloads): the running
 * ones and the last finished ones for a status route, the work to wait for at shutdown, and the
 * signal that shutdown aborts.
 */
export class JobLog<J extends { state: string }> {
  private readonly controller = new AbortController();
  private readonly jobs: J[] = [];
  private readonly running = new Set<Promise<unknown>>();

  /** Aborted by `stop`: new work is refused and running work ends. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Records a started job; the oldest finished ones beyond KEPT_JOBS are forgotten. */
  remember(job: J): void {
    this.jobs.unshift(job);
    const finished = this.jobs.filter((j) => j.state !== "running");
    for (const old of finished.slice(KEPT_JOBS)) this.jobs.splice(this.jobs.indexOf(old), 1);
  }

  /** Waits for `work` at shutdown while it runs. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Jobs running and the last finished ones, newest first. */
  status(): { running: number; jobs: J[] } {
    return { running: this.jobs.filter((j) => j.state === "running").length, jobs: [...this.jobs] };
  }

  /** Whether any running job satisfies `test`. */
  someRunning(test: (job: J) => boolean): boolean {
    return this.jobs.some((j) => j.state === "running" && test(j));
  }

  /** Aborts all work and waits for it to wind up. */
  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled([...this.running]);
  }
}
