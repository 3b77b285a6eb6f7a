import { constants } from "node:fs";
import { access, lstat, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import { errnoOf } from "../../state/errno.js";
import { makeFolder } from "../../state/folders.js";
import { DERIVED_DIRS, type ProjectPaths } from "../../state/paths.js";
import { refuseLegacyLayout } from "./storage-migration.js";

/** Exit 4: the project root or its `.svc` folder cannot be used at all. */
export async function checkStorage(paths: ProjectPaths): Promise<void> {
  try {
    const info = await stat(paths.root);
    if (!info.isDirectory()) throw new UserError("the project root is not a folder", EXIT.storage, 503);
    await access(paths.root, constants.R_OK | constants.X_OK);
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`the project root is missing or unreadable (${errnoOf(error)})`, EXIT.storage, 503);
  }
  // Before `.svc/` is created: a new empty library must never shadow a legacy one.
  await refuseLegacyLayout(paths);
  try {
    // Only inside the root just seen: a root gone since fails here rather than being made again.
    await makeFolder(paths.dataDir);
    const probe = join(paths.dataDir, `.write-test-${process.pid}`);
    await writeFile(probe, "");
    await rm(probe, { force: true });
  } catch (error) {
    throw new UserError(`the project's .svc folder is not writable (${errnoOf(error)})`, EXIT.storage, 503);
  }
}

/** Exit 3: a derived-data folder exists but cannot hold files (dangling symlink, a plain file…). */
export async function checkDerivedDirs(paths: ProjectPaths): Promise<void> {
  for (const name of DERIVED_DIRS) {
    const dir = paths[name];
    let isLink = false;
    try {
      isLink = (await lstat(dir)).isSymbolicLink();
    } catch (error) {
      if (errnoOf(error) === "ENOENT") {
        await makeFolder(dir);
        continue;
      }
      throw new UserError(`.svc/${name} is unusable (${errnoOf(error)})`, EXIT.derivedUnusable, 503);
    }
    try {
      const info = await stat(dir);
      if (!info.isDirectory()) throw new UserError(`.svc/${name} is not a folder`, EXIT.derivedUnusable, 503);
      await access(dir, constants.W_OK | constants.X_OK);
    } catch (error) {
      if (error instanceof UserError) throw error;
      const why = isLink && errnoOf(error) === "ENOENT" ? "a symlink to a missing target" : errnoOf(error);
      throw new UserError(`.svc/${name} is unusable (${why})`, EXIT.derivedUnusable, 503);
    }
  }
}
