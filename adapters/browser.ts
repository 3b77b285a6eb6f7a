import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const CHROMIUMS = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/** The command that shows `url`: SVC_BROWSER when set, an app-mode Chromium window, else the system's opener. */
export function browserCommand(
  url: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): { file: string; args: string[] } {
  if (env.SVC_BROWSER) return { file: env.SVC_BROWSER, args: [url] };
  const chromium = CHROMIUMS.map((name) => onPath(name, env)).find(Boolean);
  if (chromium) return { file: chromium, args: [`--app=${url}`] };
  if (platform === "darwin") return { file: "open", args: [url] };
  if (platform === "win32") return { file: "cmd", args: ["/c", "start", "", url] };
  return { file: "xdg-open", args: [url] };
}

/**
 * Opens the web app in the user's browser. The browser is the user's program, not svc's work: it
 * is started detached and outlives svc (closing svc must not close their window), unlike every
 * tool svc runs through adapters/process.ts. Resolves once it has started, rejects if it cannot.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { file, args } = browserCommand(url, env);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { detached: true, stdio: "ignore", env });
    child.once("error", (error) => reject(new Error(`cannot start ${file}: ${error.message}`)));
    child.once("spawn", () => {
      child.unref();
      resolve(file);
    });
  });
}
