import { existsSync } from "node:fs";
import { mountedStorage } from "../../adapters/mount-table.js";
import type { ProjectHosting } from "../../domain/schemas/organise.js";
import { journalFor } from "../../state/db.js";
import { projectPaths } from "../../state/paths.js";
import { readProjectId } from "../../state/project-id.js";
import { storageOf } from "../../state/storage-mode.js";
import type { AppContext } from "../context.js";
import type { HostView } from "./project-hosts.js";

/** The journal mode of the project's database as an open handle of this svc reports it, if one is open. */
export type OpenJournal = (root: string) => string | null;

function leaseView(ctx: AppContext, root: string): HostView | null {
  try {
    return ctx.hosts.view(root);
  } catch {
    // A share that does not answer: its health says so.
    return null;
  }
}

/**
 * Who hosts the project at `root` and what it is stored on, as `GET /api/projects` shows it.
 * Nobody holding the lease, this svc is the host to be (it takes the lease when it first writes)
 * unless SVC_HOST_ROLE=seat.
 */
export function projectHosting(ctx: AppContext, root: string, openJournal?: OpenJournal): ProjectHosting {
  const paths = projectPaths(root);
  const view = leaseView(ctx, root);
  const holder = view?.holder ?? null;
  const unheld = holder === null && !view?.unreadable;
  const role = view?.role === "host" || (unheld && ctx.config.hostRole !== "seat") ? "host" : "seat";
  const storage = storageOf(existsSync(paths.dataDir) ? paths.dataDir : root, mountedStorage);
  return {
    id: readProjectId(paths),
    role,
    host: holder ? { name: holder.hostname, url: holder.url } : null,
    storage: storage.mode,
    file_system: storage.fs,
    journal_mode: openJournal?.(root) ?? journalFor(storage).journal,
  };
}
