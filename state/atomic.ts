import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Writes through a hidden temp file in the same folder and renames it into place. */
export async function writeFileAtomic(dest: string, data: Uint8Array | string): Promise<void> {
  const dir = dirname(dest);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(dest)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(tmp, data);
    await rename(tmp, dest);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}
