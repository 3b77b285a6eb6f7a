import type { TestProject } from "vitest/node";
import { startFakeModelHost } from "./modelhost-server.js";

const OLLAMA_PORT = 11434;

/**
 * Vitest global setup: while the suite runs, an Ollama-speaking server with no models listens
 * where Ollama does by default (127.0.0.1:11434), unless something already listens there (a
 * contributor's own Ollama, which the suite must withstand just the same). Any test that reached
 * the default model host by accident, instead of its own server or the offline pins of env.ts,
 * would then see "model not installed" and fail — so every run proves the suite is hermetic.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  try {
    const decoy = await startFakeModelHost({ models: [], port: OLLAMA_PORT });
    return () => decoy.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    process.stderr.write(
      `note: 127.0.0.1:${OLLAMA_PORT} is taken (an Ollama of your own?); the suite runs beside it\n`,
    );
    return async () => {};
  }
}
