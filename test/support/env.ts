/**
 * What every svc a test starts is pinned to unless the test says otherwise: no model host (port 9
 * refuses connections) and no speech recogniser. A contributor's own Ollama on 127.0.0.1:11434 or
 * an installed recogniser must never change what a test sees; a test that wants either opts in by
 * passing its own OLLAMA_HOST or SVC_ASR.
 */
export const OFFLINE = Object.freeze({ OLLAMA_HOST: "http://127.0.0.1:9", SVC_ASR: "none" });

/** The environment of an svc child: PATH and HOME, the offline pins, then the test's own values. */
export function childEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...OFFLINE, ...env };
}
