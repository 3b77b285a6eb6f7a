import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * One of Apple's FCPXML DTDs: the copy in test/fixtures (1.9, 1.10 and 1.11, the versions svc
 * writes), else the shared reference folder beside the checkout. Throws when it is missing: a validation test must
 * fail, not pass by skipping.
 */
export function fcpxmlDtd(version: string): string {
  const file = `FCPXMLv${version.replace(".", "_")}.dtd`;
  const candidates = [
    join(repoRoot, "test", "fixtures", "fcpxml", file),
    ...[resolve(repoRoot, ".."), resolve(repoRoot, "..", "..")].map((dir) =>
      join(dir, "shared", "reference", "fcpxml", file),
    ),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`FCPXML DTD not found; looked at ${candidates.join(", ")}`);
  return found;
}

export interface LintResult {
  status: number;
  stderr: string;
}

/**
 * Runs xmllint over `xml` written to a temp file (`--nonet`, plus `--dtdvalid dtd` when given).
 * Throws when xmllint cannot be run at all, so a missing tool fails the test.
 */
export async function xmllint(xml: string, dtd?: string): Promise<LintResult> {
  const dir = await mkdtemp(join(tmpdir(), "svc-xmllint-"));
  try {
    const file = join(dir, "doc.xml");
    await writeFile(file, xml);
    const args = ["--noout", "--nonet", ...(dtd ? ["--dtdvalid", dtd] : []), file];
    const run = spawnSync("xmllint", args, { encoding: "utf8" });
    if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
    return { status: run.status ?? -1, stderr: run.stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One of the ASC MHL v2 schemas, shipped in test/fixtures/ascmhl (MIT, see its LICENSE.md). */
export function ascMhlSchema(name: "ASCMHL.xsd" | "ASCMHLDirectory.xsd"): string {
  return join(repoRoot, "test", "fixtures", "ascmhl", name);
}

/** Validates a file against an XML schema with `xmllint --schema`, offline. */
export function xmllintSchema(file: string, xsd: string): LintResult {
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", xsd, file], { encoding: "utf8" });
  if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
  return { status: run.status ?? -1, stderr: run.stderr };
}
