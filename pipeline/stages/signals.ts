import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../../state/atomic.js";
import type { AudioQuality, Stability } from "./vision-measure.js";

/**
 * The measured stability and sound of each scene, kept beside its key frames by the analysis
 * pass: the vision stage reads them instead of decoding the clip again. A scene missing here
 * (frames made by an older svc) is measured the old way.
 */
export interface SceneSignals {
  start_s: number;
  end_s: number;
  stability: Stability | null;
  /** null when the sound could not be measured. */
  audio_quality: AudioQuality | null;
}

export const SIGNALS_FILE = "signals.json";

const FILE = z.object({
  scenes: z.array(
    z.object({
      start_s: z.number(),
      end_s: z.number(),
      stability: z.enum(["locked", "steady", "handheld", "shaky"]).nullable(),
      audio_quality: z.enum(["none", "silent", "poor", "fair", "good", "clipped"]).nullable(),
    }),
  ),
});

export async function writeSceneSignals(dir: string, scenes: readonly SceneSignals[]): Promise<void> {
  await writeFileAtomic(join(dir, SIGNALS_FILE), `${JSON.stringify({ scenes })}\n`);
}

/** What the analysis pass measured for a scene with this window; null when it did not. */
export async function readSceneSignals(
  dir: string,
  window: { start_s: number; end_s: number },
): Promise<SceneSignals | null> {
  let text: string;
  try {
    text = await readFile(join(dir, SIGNALS_FILE), "utf8");
  } catch {
    return null;
  }
  let parsed: z.infer<typeof FILE>;
  try {
    parsed = FILE.parse(JSON.parse(text));
  } catch {
    return null;
  }
  return (
    parsed.scenes.find(
      (s) => Math.abs(s.start_s - window.start_s) < 0.001 && Math.abs(s.end_s - window.end_s) < 0.001,
    ) ?? null
  );
}
