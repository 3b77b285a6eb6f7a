import { spawn } from "node:child_process";

/**
 * Runs a program to its end and gives its exit code and output. A run still going after
 * `timeoutMs` is killed and reported with code null, so a hung tool cannot hang the check; when
 * `signal` aborts, the program is stopped and, once its output has closed, the call rejects.
 */
export function runProgram(command, args, { env, timeoutMs, signal }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, signal, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    let failure;
    child.once("error", (error) => {
      failure = error;
    });
    child.once("close", (code, killedBy) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ code: killedBy ? null : code, stdout, stderr });
    });
  });
}
