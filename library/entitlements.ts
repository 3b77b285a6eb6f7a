import { readFile, stat } from "node:fs/promises";
import { isErrno } from "../state/errno.js";
import type { AppContext } from "./context.js";

/**
 * The first release with the free-tier allowance (3 projects, no cross-project aggregation).
 * The allowance shipped with 0.1.0, so every install that first started on 0.1.0 or later is
 * armed; one that first started on an earlier build keeps unlimited use permanently.
 */
export const FREE_TIER_SINCE = "0.1.0";

export type LicenceProblem = "unsigned" | "signature mismatch" | "unknown key" | "revoked";

export interface EntitlementsReport {
  tier: "free";
  /** Whether the free-tier limits are enforced on this installation. */
  armed: boolean;
  /** Present when a licence file exists but does not count. */
  licence_problem?: LicenceProblem;
}

// A licence is a few hundred bytes; anything far larger is not one and is not read whole.
const MAX_LICENCE_BYTES = 64 * 1024;

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Orders two MAJOR.MINOR.PATCH versions (a pre-release sorts before its release); null when
 * either cannot be read.
 */
export function compareVersions(a: string, b: string): number | null {
  const pa = VERSION.exec(a.trim());
  const pb = VERSION.exec(b.trim());
  if (!pa || !pb) return null;
  for (let i = 1; i <= 3; i += 1) {
    const diff = Number(pa[i]) - Number(pb[i]);
    if (diff !== 0) return Math.sign(diff);
  }
  if (pa[4] === pb[4]) return 0;
  if (pa[4] === undefined) return 1;
  if (pb[4] === undefined) return -1;
  return Math.sign(pa[4].localeCompare(pb[4], "en", { numeric: true }));
}

/**
 * Limits are enforced unless the install record proves a first start before the allowance. A
 * missing or unreadable record proves nothing, so it counts as a fresh install.
 */
export function isArmed(firstVersion: string | undefined): boolean {
  if (firstVersion === undefined) return true;
  const order = compareVersions(firstVersion, FREE_TIER_SINCE);
  return order === null || order >= 0;
}

/**
 * Why the licence file does not count, or null when there is none. This build carries no
 * public key, so no signature can verify: a file without a signature is `unsigned`, one with a
 * signature is signed by a key this build does not know.
 */
async function licenceProblem(file: string): Promise<LicenceProblem | null> {
  let data: unknown;
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > MAX_LICENCE_BYTES) return "unsigned";
    data = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    if (isErrno(error, "ENOENT")) return null;
    return "unsigned";
  }
  const signature = (data as { signature?: unknown } | null)?.signature;
  return typeof signature === "string" && signature.trim() !== "" ? "unknown key" : "unsigned";
}

export async function entitlementsReport(ctx: AppContext): Promise<EntitlementsReport> {
  const report: EntitlementsReport = {
    tier: "free",
    armed: isArmed(ctx.registry.install.get()?.first_version),
  };
  const problem = await licenceProblem(ctx.registry.paths.licence);
  if (problem) report.licence_problem = problem;
  return report;
}
