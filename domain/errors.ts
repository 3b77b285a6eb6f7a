/** A failure the operator can act on; `exitCode` is the CLI's, `status` the API's. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly status: number = 400,
    /** For a 503: when the client may try again (the Retry-After header). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = "UserError";
  }
}

export const EXIT = {
  ok: 0,
  partial: 1,
  usage: 2,
  derivedUnusable: 3,
  storage: 4,
  migrationBackup: 5,
  migrationBlocked: 6,
  reconcile: 7,
  /** A bug or a state svc does not know how to handle (EX_SOFTWARE): not the operator's doing. */
  software: 70,
  tempfail: 75,
  /** 128 + SIGINT, as shells report a command stopped by Ctrl-C. */
  interrupted: 130,
  /** 128 + SIGPIPE, as shells report a command whose reader went away (`svc … | head`). */
  brokenPipe: 141,
} as const;
