import { existsSync } from "node:fs";
import { EXIT, UserError } from "../../domain/errors.js";
import type { EntitlementsReport } from "../../domain/schemas/access.js";
import { projectPaths } from "../../state/paths.js";
import { peekLibraryFirstVersion } from "../../state/repos/library-record.js";
import type { RegistryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import {
  BUILT_IN_PUBLIC_KEY,
  type LicenceCheck,
  parsePublicKey,
  readLicence,
  type VerificationKey,
} from "./licence.js";

/**
 * The first release with the free-tier allowance (3 projects, no cross-project aggregation).
 * The allowance shipped with 0.1.0, so every install that first started on 0.1.0 or later is
 * armed; one that first started on an earlier build keeps unlimited use permanently.
 */
export const FREE_TIER_SINCE = "0.1.0";
export const FREE_PROJECT_LIMIT = 3;

export type { LicenceProblem } from "./licence.js";

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

/** Whether a recorded first version proves a start before the allowance; junk proves nothing. */
export function predatesAllowance(version: string | null | undefined): boolean {
  if (version == null) return false;
  const order = compareVersions(version, FREE_TIER_SINCE);
  return order !== null && order < 0;
}

/**
 * Limits apply unless the install record proves a first start before the allowance. A missing or
 * unreadable record proves nothing, so it counts as a fresh install.
 */
export function isArmed(firstVersion: string | undefined): boolean {
  return !predatesAllowance(firstVersion);
}

/**
 * Whether this install keeps unlimited use. Evidence decides, never absence: the install's own
 * first version, or any registered library whose own record predates the allowance. Once found,
 * it is written down and holds for good.
 */
export function isGrandfathered(registry: RegistryStore): boolean {
  const install = registry.install.get();
  if (install?.grandfathered_at) return true;
  const evidence =
    predatesAllowance(install?.first_version) ||
    registry.projects
      .all()
      .some((p) => predatesAllowance(peekLibraryFirstVersion(projectPaths(p.root).libraryDb)));
  if (evidence) registry.install.grandfather();
  return evidence;
}

export type Operation = "add_project" | "reregister_project" | "cross_project";

export interface EntitlementState {
  /** The free-tier limits are part of this install's terms (not grandfathered by its first version). */
  armed: boolean;
  pro: boolean;
  grandfathered: boolean;
  projectsUsed: number;
}

export type Decision =
  | { allowed: true; reason: string }
  | { allowed: false; code: "project_limit" | "cross_project"; reason: string };

/** The single rule every refusal comes from; pure, so a table test covers it whole. */
export function decide(state: EntitlementState, operation: Operation): Decision {
  if (operation === "reregister_project")
    return { allowed: true, reason: "re-registering an existing project is never limited" };
  if (state.pro) return { allowed: true, reason: "Pro licence" };
  if (state.grandfathered || !state.armed)
    return { allowed: true, reason: "installation predates the free-tier allowance" };
  if (operation === "cross_project")
    return {
      allowed: false,
      code: "cross_project",
      reason: "the free tier does not include cross-project search, chat or bins; a Pro licence does",
    };
  if (state.projectsUsed >= FREE_PROJECT_LIMIT)
    return {
      allowed: false,
      code: "project_limit",
      reason: `the free tier allows ${FREE_PROJECT_LIMIT} projects and ${state.projectsUsed} are registered; remove one or add a Pro licence`,
    };
  return {
    allowed: true,
    reason: `${state.projectsUsed} of ${FREE_PROJECT_LIMIT} free-tier projects used`,
  };
}

/** A free-tier refusal: `403 {"detail": {"code", "message"}}`. */
export class EntitlementError extends UserError {
  constructor(
    readonly code: "project_limit" | "cross_project",
    message: string,
  ) {
    super(message, EXIT.usage, 403);
    this.name = "EntitlementError";
  }
}

/** What deciding an entitlement reads: the registry and the licence key setting. */
export type EntitlementContext = Pick<AppContext, "registry" | "config">;

/** The verification keys of this process: the built-in one, plus SVC_LICENCE_PUBLIC_KEY. */
export function licenceKeys(ctx: Pick<AppContext, "config">): VerificationKey[] {
  const keys = [parsePublicKey(BUILT_IN_PUBLIC_KEY)];
  if (ctx.config.licencePublicKey) keys.push(parsePublicKey(ctx.config.licencePublicKey));
  return keys;
}

interface Standing {
  state: EntitlementState;
  licence: LicenceCheck;
}

async function standing(ctx: EntitlementContext): Promise<Standing> {
  const licence = await readLicence(ctx.registry.paths.licence, licenceKeys(ctx));
  const grandfathered = isGrandfathered(ctx.registry);
  return {
    licence,
    state: {
      armed: isArmed(ctx.registry.install.get()?.first_version),
      pro: licence.state === "valid",
      grandfathered,
      projectsUsed: ctx.registry.projects.count(),
    },
  };
}

/** The inputs of `decide` for this installation now. */
export async function entitlementState(ctx: EntitlementContext): Promise<EntitlementState> {
  return (await standing(ctx)).state;
}

/** Refuses `operation` with a 403 when the tier does not allow it; checked before any work. */
export async function requireEntitlement(ctx: EntitlementContext, operation: Operation): Promise<void> {
  if (operation === "reregister_project") return;
  // A valid licence settles it without reading every registered library for grandfathering.
  if ((await readLicence(ctx.registry.paths.licence, licenceKeys(ctx))).state === "valid") return;
  const decision = decide((await standing(ctx)).state, operation);
  if (!decision.allowed) throw new EntitlementError(decision.code, decision.reason);
}

export async function entitlementsReport(ctx: EntitlementContext): Promise<EntitlementsReport> {
  const { state, licence } = await standing(ctx);
  const unlimited = state.pro || state.grandfathered || !state.armed;
  const add = decide(state, "add_project");
  const cross = decide(state, "cross_project");
  const report: EntitlementsReport = {
    tier: state.pro ? "pro" : "free",
    armed: !unlimited,
    grandfathered: state.grandfathered,
    projects: { used: state.projectsUsed, allowed: unlimited ? null : FREE_PROJECT_LIMIT },
    can_add_project: { allowed: add.allowed, reason: add.reason },
    cross_project: { allowed: cross.allowed, reason: cross.reason },
  };
  const root = ctx.config.projectRoot;
  if (root && existsSync(root) && !ctx.registry.projects.byRoot(root))
    report.project_root_unregistered = true;
  if (licence.state === "valid") {
    const { licence_id, holder, expires } = licence.licence;
    report.licence = { licence_id, holder, expires };
  } else if (licence.state === "problem") {
    report.licence_problem = licence.problem;
    report.licence_detail = licence.detail;
  }
  return report;
}
