import type { SyncPair } from "../client.js";

const signed = (value: number, digits: number) =>
  `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(digits)}`;

/** Where the camera's first frame falls in the sound file, in seconds (negative: the recorder started later). */
export const offsetSeconds = (pair: SyncPair) => pair.offset_samples / pair.sound_rate;

/** The offset as an editor reads it: frames, then seconds to the millisecond. */
export const offsetText = (pair: SyncPair) =>
  `${signed(pair.offset_frames, 2)} frames (${signed(offsetSeconds(pair), 3)} s)`;

export const confidenceText = (pair: SyncPair) => `${Math.round(pair.confidence * 100)} %`;

export const channelsText = (pair: SyncPair) =>
  pair.channels.map((c) => (c.name ? `${c.index} ${c.name}` : String(c.index))).join(", ") || "–";

/** The pair view's address: the camera clip and its sound, which together name one pair. */
export const pairPath = (pair: Pick<SyncPair, "camera_media_id" | "sound_media_id">) =>
  `/sync/${pair.camera_media_id}/${pair.sound_media_id}`;
