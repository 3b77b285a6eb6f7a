/** Where a command writes and what it reads of its environment: the process's own, or a test's. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

export function fail(io: Io, message: string): void {
  io.stderr.write(`svc: ${message}\n`);
}
