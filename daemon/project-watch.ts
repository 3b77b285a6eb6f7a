import { labelPaths } from "../domain/redact.js";
import type { AppContext } from "../library/context.js";
import type { LeaseChange } from "../library/hosting/lease-keeper.js";
import type { LibraryPool } from "../library/library-pool.js";
import { markMissing } from "../library/organise/missing.js";
import { lookAtRoot, type RootState } from "../library/organise/project-root.js";
import type { IngestQueue } from "./ingest-queue.js";
import { type Watcher, watchProject } from "./watcher.js";

/** How often every registered root is looked at: a drive unplugged or back is noticed this soon. */
export const ROOT_LOOK_MS = 2_000;

interface Project {
  name: string;
  watcher: Watcher | null;
  /** The watched folder's identity (device and inode); null while nothing usable is there. */
  identity: string | null;
  /** What the last look found, once one has. */
  state: RootState | null;
  /** A look (and what follows it) is under way: never two at once, so a hung drive holds one stat. */
  looking: boolean;
  /** Whether this svc hosted the project at the last look; null before the first. */
  hosting: boolean | null;
}

/**
 * The daemon's watchers, one per registered project whose folder is there. Every root is looked
 * at every ROOT_LOOK_MS: a folder that is missing at start or goes away (an unplugged drive, a
 * folder renamed away) is not watched, its open library handle is closed, and it is reported once;
 * when it is back (or another folder stands in its place) it is watched and caught up with a scan.
 * Nothing is ever created at a missing root.
 */
export class ProjectWatches {
  private readonly projects = new Map<string, Project>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly queue: IngestQueue,
    private readonly libraries: LibraryPool,
    private readonly lookMs = ROOT_LOOK_MS,
  ) {
    ctx.hosts.onChange((root, change) => this.leaseChanged(root, change));
  }

  /**
   * Follows the registry (root → name): new projects are looked at now, removed ones forgotten.
   * The first call starts the looks every ROOT_LOOK_MS.
   */
  async sync(registered: ReadonlyMap<string, string>): Promise<void> {
    if (this.closed) return;
    this.timer ??= setInterval(() => {
      for (const [root, project] of this.projects) void this.look(root, project);
    }, this.lookMs);
    for (const [root, project] of [...this.projects]) {
      if (registered.has(root)) continue;
      this.projects.delete(root);
      await project.watcher?.close();
      this.ctx.hosts.untrack(root);
      this.ctx.log.info({ project: project.name }, "stopped watching removed project");
    }
    const added: Promise<void>[] = [];
    for (const [root, name] of registered) {
      if (this.projects.has(root)) continue;
      const project: Project = {
        name,
        watcher: null,
        identity: null,
        state: null,
        looking: false,
        hosting: null,
      };
      this.projects.set(root, project);
      added.push(this.look(root, project));
    }
    await Promise.all(added);
  }

  /** The roots watched now: registered, and their folders there. */
  watched(): { root: string; name: string }[] {
    return [...this.projects]
      .filter(([, p]) => p.watcher !== null)
      .map(([root, p]) => ({ root, name: p.name }));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([...this.projects.values()].map((p) => p.watcher?.close()));
    this.projects.clear();
  }

  private async look(root: string, project: Project): Promise<void> {
    if (project.looking || this.closed) return;
    project.looking = true;
    try {
      const { state, identity } = await lookAtRoot(root);
      if (this.closed || this.projects.get(root) !== project) return;
      const before = project.state;
      project.state = state;
      if (identity === project.identity && (identity !== null || before === state)) {
        await this.follow(root, project, "hosting the project now; watching it and catching up");
        return;
      }
      const log = this.ctx.log.child({ project: project.name });
      if (project.watcher) {
        await project.watcher.close();
        project.watcher = null;
        this.libraries.release(root);
      }
      project.identity = identity;
      if (identity === null) {
        log.warn(
          { state },
          before === null
            ? "project folder is not there (an unplugged drive?); its routes answer 503 until it is back, and nothing is created in its place"
            : "project folder is gone (an unplugged drive?); stopped watching it until it is back",
        );
        return;
      }
      await this.follow(
        root,
        project,
        before === null ? "watching project" : "project folder is there again; watching it and catching up",
      );
    } catch (error) {
      const scrub = labelPaths([{ path: root, label: `<project:${project.name}>` }]);
      this.ctx.log.warn(
        { project: project.name, reason: scrub(String(error)) },
        "could not look at project folder",
      );
    } finally {
      project.looking = false;
    }
  }

  /**
   * Watches a project whose folder is there while this svc hosts it (its lease kept by
   * ctx.hosts: renewed, or taken over once its holder is gone), and stops as soon as it does not.
   */
  private async follow(root: string, project: Project, started: string): Promise<void> {
    if (project.identity === null || this.closed) return;
    const hosting = this.ctx.hosts.track(root);
    const hosts = hosting.role === "host" && hosting.problem === undefined;
    const log = this.ctx.log.child({ project: project.name });
    const was = project.hosting;
    project.hosting = hosts;
    if (!hosts) {
      if (project.watcher) {
        await project.watcher.close();
        project.watcher = null;
        this.libraries.release(root);
      }
      if (was === false) return;
      if (hosting.problem) log.warn({ problem: hosting.problem }, "not watching the project for now");
      else
        log.info(
          { host: hosting.holder?.hostname ?? null, url: hosting.holder?.url ?? null },
          "project is hosted by another svc; this one is a seat for it and does not watch it",
        );
      return;
    }
    if (project.watcher) return;
    project.watcher = this.watch(root, project.name);
    log.info(started);
    // Catch up on whatever changed while this svc was not watching, and finish what an earlier
    // host left half done (the pipeline resumes each item from its last finished stage).
    this.queue.addScan(root);
  }

  /** Re-evaluates a project at once when its lease changes hands, not at its next look. */
  private leaseChanged(root: string, change: LeaseChange): void {
    // Nothing answers from a library this svc may no longer write while the look catches up.
    if (change.kind === "lost" || change.kind === "suspended") this.libraries.release(root);
    const project = this.projects.get(root);
    if (project) void this.look(root, project);
  }

  // Logs name projects, never their absolute roots.
  private watch(root: string, name: string): Watcher {
    const scrub = labelPaths([{ path: root, label: `<project:${name}>` }]);
    const { log } = this.ctx;
    const missingFiles = (paths: string[], dirs: string[]) => {
      markMissing(root, paths, dirs).catch((error: unknown) => {
        log.warn({ project: name, reason: scrub((error as Error).message) }, "could not flag missing files");
      });
    };
    return watchProject(root, this.ctx.config, {
      changed: (rel) => this.queue.addFile(root, rel),
      removed: (rel) => missingFiles([rel], []),
      removedDir: (rel) => missingFiles([], [rel]),
      error: (error) => log.warn({ project: name, reason: scrub(String(error)) }, "watcher error"),
    });
  }
}
