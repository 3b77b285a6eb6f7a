import { z } from "zod";
import type { AudioQuality, Stability } from "./vision-measure.js";

/**
 * The measured stability and sound of a scene, as the analysis pass found them. They travel in
 * the scene's key frame as a JPEG comment: written, replaced and removed with it (cache clear,
 * a deleted item), and the vision stage reads the key frame anyway. A key frame without one
 * (made by an older svc) has its scene measured from the clip again.
 */
export interface SceneSignals {
  start_s: number;
  end_s: number;
  stability: Stability | null;
  /** null when the sound could not be measured. */
  audio_quality: AudioQuality | null;
}

const PREFIX = "svc-signals ";
const COM = 0xfe;
const SOS = 0xda;

const SIGNALS = z.object({
  start_s: z.number(),
  end_s: z.number(),
  stability: z.enum(["locked", "steady", "handheld", "shaky"]).nullable(),
  audio_quality: z.enum(["none", "silent", "poor", "fair", "good", "clipped"]).nullable(),
});

/** The marker segments before the picture data: [offset, marker, length including the length field]. */
function* segments(jpeg: Buffer): Generator<[number, number, number]> {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] as number;
    if (marker === SOS) return;
    const length = jpeg.readUInt16BE(at + 2);
    yield [at, marker, length];
    at += 2 + length;
  }
}

const isJpeg = (bytes: Buffer) => bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8;

/** The key frame with its scene's signals in a comment after the APPn segments (JFIF wants APP0 first). */
export function withSceneSignals(jpeg: Buffer, signals: SceneSignals): Buffer {
  if (!isJpeg(jpeg)) throw new Error("a key frame must be a JPEG");
  const text = Buffer.from(PREFIX + JSON.stringify(signals), "utf8");
  let insertAt = 2;
  for (const [at, marker, length] of segments(jpeg)) {
    if (marker < 0xe0 || marker > 0xef) break;
    insertAt = at + 2 + length;
  }
  const header = Buffer.from([0xff, COM, 0, 0]);
  header.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, insertAt), header, text, jpeg.subarray(insertAt)]);
}

/** What the analysis pass measured for a scene with this window; null when the key frame does not say. */
export function sceneSignalsOf(
  keyframe: Buffer,
  window: { start_s: number; end_s: number },
): SceneSignals | null {
  if (!isJpeg(keyframe)) return null;
  for (const [at, marker, length] of segments(keyframe)) {
    if (marker !== COM) continue;
    const text = keyframe.toString("utf8", at + 4, at + 2 + length);
    if (!text.startsWith(PREFIX)) continue;
    let parsed: SceneSignals;
    try {
      parsed = SIGNALS.parse(JSON.parse(text.slice(PREFIX.length)));
    } catch {
      return null;
    }
    const same =
      Math.abs(parsed.start_s - window.start_s) < 0.001 && Math.abs(parsed.end_s - window.end_s) < 0.001;
    return same ? parsed : null;
  }
  return null;
}
