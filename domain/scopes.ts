/** The exact scope names a token can carry; `admin` implies every other scope. */
export const SCOPES = [
  "videos_read",
  "videos_write",
  "media_read",
  "collections_read",
  "collections_write",
  "projects_read",
  "projects_write",
  "ingest_write",
  "chat_read",
  "chat_write",
  "media_delete",
  "admin",
] as const;

export type Scope = (typeof SCOPES)[number];

export const isScope = (name: string): name is Scope => (SCOPES as readonly string[]).includes(name);

/** Scope sets used by the route table (ARCHITECTURE.md, "HTTP conventions"). */
export const ACCESS = {
  read: ["videos_read", "media_read"],
  itemWrite: ["videos_write"],
  delete: ["media_delete"],
  ingest: ["ingest_write"],
  admin: ["admin"],
  collectionsRead: ["collections_read"],
  collectionsWrite: ["collections_write"],
  projectsRead: ["projects_read"],
  projectsWrite: ["projects_write"],
  chatRead: ["chat_read"],
  chatWrite: ["chat_write"],
} as const satisfies Record<string, readonly Scope[]>;

/** True when a token with `granted` may call a route needing any one of `needed`. */
export function allows(granted: readonly Scope[], needed: readonly Scope[]): boolean {
  return granted.includes("admin") || needed.some((scope) => granted.includes(scope));
}
