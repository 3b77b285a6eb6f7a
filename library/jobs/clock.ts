/** A timer the clock can forget before it fires. */
export interface ClockTimer {
  close(): void;
}

/**
 * Time as the job runner reads it: the system's in svc, and in tests a fake that moves only when
 * the test advances it, so a test of timers and schedules waits for nothing real.
 */
export interface Clock {
  /** Wall-clock milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once `ms` have passed. */
  after(ms: number, fn: () => void): ClockTimer;
}

export const systemClock: Clock = Object.freeze({
  now: () => Date.now(),
  after: (ms: number, fn: () => void) => {
    const timer = setTimeout(fn, ms);
    return { close: () => clearTimeout(timer) };
  },
});

/**
 * Elapsed time that no change of the wall clock moves (NTP, a user setting the date): what the
 * host lease's timeouts are measured on, since two machines' wall clocks may disagree by minutes.
 */
export const monotonicClock: Clock = Object.freeze({
  now: () => performance.now(),
  after: systemClock.after,
});
