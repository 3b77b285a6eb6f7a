import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { execa } from "execa";

/**
 * Apple's FCPXML DTDs in ../shared/reference/fcpxml, found from the repository upwards (a git
 * worktree sits deeper than the main checkout). Throws when they are not there: the check must
 * fail, never be skipped.
 */
export function fcpxmlDtd(version: string): string {
  let dir = resolve(import.meta.dirname, "..", "..");
  for (let i = 0; i < 4; i += 1) {
    const dtd = join(dir, "..", "shared", "reference", "fcpxml", `FCPXMLv${version.replace(".", "_")}.dtd`);
    if (existsSync(dtd)) return dtd;
    dir = resolve(dir, "..");
  }
  throw new Error(`FCPXML ${version} DTD not found in ../shared/reference/fcpxml`);
}

/** Runs xmllint on `xml` (written to `dir`): well-formedness, or validity against `dtd`. */
export async function xmllint(dir: string, xml: string, dtd?: string) {
  const file = join(dir, `doc-${Date.now()}-${Math.random().toString(16).slice(2)}.xml`);
  await writeFile(file, xml);
  const args = ["--noout", "--nonet", ...(dtd ? ["--dtdvalid", dtd] : []), file];
  const result = await execa("xmllint", args, { reject: false });
  return { exitCode: result.exitCode, stderr: String(result.stderr) };
}
