import { stat } from "node:fs/promises";
import { type PlaybackFacts, unplayableReason } from "../../domain/playback.js";
import { produceAtomic } from "../../state/atomic.js";
import { proxyFile } from "../../state/derived-files.js";
import { isErrno } from "../../state/errno.js";
import type { MediaRow } from "../../state/repos/media.js";
import { lutForItem } from "../luts.js";
import { type Stage, type StageDeps, StageError, type StageItem, type StageResult } from "./types.js";

/** Whether a browser needs a proxy to play the item, and why (null: it plays the original). */
export function proxyReason(item: PlaybackFacts): string | null {
  return item.kind === "image" ? null : unplayableReason(item);
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR")) return false;
    throw error;
  }
}

/**
 * An H.264/AAC MP4 for an item a browser cannot play as it is. The encode writes a hidden temp
 * file through state/atomic.ts (so an interrupted pass's leftover is swept with the others at the
 * next pass): a proxy is whole or absent.
 */
/** Why the item needs a playback proxy, or the outcome when it needs none. */
function proxyNeed(
  item: StageItem,
  deps: StageDeps,
): { reason: string; row: MediaRow | undefined } | StageResult {
  if (item.kind === "image") return { status: "skipped", detail: "stills are shown as they are" };
  const row = deps.store.media.get(item.mediaId);
  const reason = proxyReason({
    path: item.relPath,
    kind: item.kind,
    codec: row?.codec ?? null,
    audio_codec: row?.audio_codec ?? null,
    audio_channels: row?.audio_channels ?? null,
  });
  return reason === null ? { status: "skipped", detail: "a browser plays the original" } : { reason, row };
}

export const proxyStage: Stage = {
  name: "proxy",
  resource: "cpu",
  settle(item, deps) {
    const need = proxyNeed(item, deps);
    return "status" in need ? need : null;
  },
  async run(item, deps, signal) {
    const need = proxyNeed(item, deps);
    if ("status" in need) return need;
    const { reason, row } = need;
    const { proxy } = deps.adapters;
    if (!proxy) throw new StageError("ffmpeg is not available");
    const dest = proxyFile(deps.store.paths, item.mediaId);
    // Re-probing an item clears its stage records, so a proxy this stage recorded as done is of
    // the file as it is now: resuming an item at a later stage keeps it instead of encoding again.
    const recorded = deps.store.media.stageStatus(item.mediaId, "proxy") === "done";
    if (recorded && !deps.options.refresh && (await exists(dest)))
      return { status: "done", detail: `kept the proxy made for ${reason}` };
    try {
      const { hwaccel } = await produceAtomic(dest, async (out) =>
        proxy.encode({
          source: item.input,
          out,
          height: deps.config.proxyHeight,
          // The item's colour profile shows in the browser as in its thumbnail and key frames.
          lutPath: await lutForItem(deps.config, row?.color_profile, deps.log),
          video: item.kind === "video",
          durationS: item.durationS,
          audioChannels: row?.audio_channels,
          signal,
        }),
      );
      const decode = hwaccel === null ? "" : `, decoded on ${hwaccel}`;
      return { status: "done", detail: `made for ${reason}${decode}` };
    } catch (error) {
      if (signal.aborted) throw error;
      throw new StageError(`the playback proxy could not be made: ${(error as Error).message}`);
    }
  },
};
