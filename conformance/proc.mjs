import { spawn } from "node:child_process";

/**
 * Runs a program to its end and gives its exit code and output. A run still going after
 * `timeoutMs` is killed and reported with code null, so a hung tool cannot hang the check.
 */
export function runProgram(command, args, { env, cwd, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: signal ? null : code, stdout, stderr });
    });
  });
}
