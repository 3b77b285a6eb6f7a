import { readdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { kindOf } from "../../domain/media-types.js";

/** Folders a camera writes at a card's root: DCF stills and video, Sony, P2/XAVC, XDCAM. */
const CARD_FOLDERS = new Set(["dcim", "private", "contents", "xdroot"]);

/** Whether a mounted volume looks like a camera card: a camera folder, or media at or near its root. */
export async function looksLikeCard(volume: string): Promise<boolean> {
  const entries = await readdir(volume, { withFileTypes: true }).catch(() => []);
  if (entries.some((e) => e.isDirectory() && CARD_FOLDERS.has(e.name.toLowerCase()))) return true;
  if (entries.some((e) => e.isFile() && kindOf(e.name) !== null)) return true;
  for (const folder of entries.filter((e) => e.isDirectory() && !e.name.startsWith("."))) {
    const inner = await readdir(join(volume, folder.name), { withFileTypes: true }).catch(() => []);
    if (inner.some((e) => e.isFile() && kindOf(e.name) !== null && kindOf(e.name) !== "image")) return true;
  }
  return false;
}

/**
 * The volumes mounted under each root (real paths), or null for a root that could not be listed:
 * a failed probe says nothing about which cards are still there.
 */
export async function listVolumes(roots: readonly string[]): Promise<Map<string, string[] | null>> {
  const out = new Map<string, string[] | null>();
  for (const root of roots) {
    try {
      const entries = await readdir(root, { withFileTypes: true });
      const volumes: string[] = [];
      for (const e of entries) {
        if (e.name.startsWith(".") || !(e.isDirectory() || e.isSymbolicLink())) continue;
        volumes.push(await realpath(join(root, e.name)).catch(() => join(root, e.name)));
      }
      out.set(root, volumes);
    } catch {
      out.set(root, null);
    }
  }
  return out;
}

/**
 * Which volumes are new since the last look. The first look is the baseline (cards already
 * mounted when svc starts are not offloaded); a volume stays known while it is mounted, so it is
 * offloaded once, and again only after it was unmounted; a root that could not be listed keeps
 * what was known under it.
 */
export class MountTracker {
  private known: Map<string, Set<string>> | null = null;

  update(listing: Map<string, string[] | null>): string[] {
    const first = this.known === null;
    const known = this.known ?? new Map<string, Set<string>>();
    const arrived: string[] = [];
    for (const [root, volumes] of listing) {
      if (volumes === null) continue;
      const before = known.get(root) ?? new Set<string>();
      if (!first) arrived.push(...volumes.filter((v) => !before.has(v)));
      known.set(root, new Set(volumes));
    }
    this.known = known;
    return arrived;
  }
}
