export interface Deadline {
  /** Aborts when the caller's signal does or when the time is up. */
  readonly signal: AbortSignal;
  /** Aborted only when the time ran out. */
  readonly timer: AbortSignal;
  /** Stops the timer once the call is over. */
  clear(): void;
}

/**
 * A time limit combined with the caller's signal. The timer is a plain setTimeout held here:
 * `AbortSignal.any([caller, AbortSignal.timeout(ms)])` lets Node 20 garbage-collect the timeout
 * signal before it fires (nodejs/node#57736), and the call then waits forever.
 */
export function deadline(ms: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  const handle = setTimeout(
    () => controller.abort(new DOMException(`timed out after ${ms} ms`, "TimeoutError")),
    ms,
  );
  return {
    signal: caller ? AbortSignal.any([caller, controller.signal]) : controller.signal,
    timer: controller.signal,
    clear: () => clearTimeout(handle),
  };
}
