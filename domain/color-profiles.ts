import { basename, extname } from "node:path";
import { LOG_PROFILES } from "../formats/log-curves.js";
import { EXIT, UserError } from "./errors.js";
import type { ColorProfile } from "./schemas/color.js";

/** The largest `.cube` accepted, imported or read from SVC_LUT_DIR: a 65³ LUT is about 7 MiB. */
export const MAX_CUBE_BYTES = 64 * 1024 * 1024;
/** SVC_LUT_DIR profiles carry this prefix, so a file can never shadow a built-in or imported id. */
export const DIR_PREFIX = "dir-";
const MAX_ID = 64;

export const unprocessable = (message: string) => new UserError(message, EXIT.usage, 422);

/** The 422 for an id no profile has. */
export const unknownProfile = (id: string) =>
  unprocessable(`no colour profile "${id}" (GET /api/color-profiles lists them)`);

/** A profile id from a name: lower-case letters, digits and single dashes, at most 64 characters. */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_ID)
    .replace(/^-+|-+$/g, "");
}

export const builtinProfiles = (): ColorProfile[] =>
  LOG_PROFILES.map(({ id, name, camera, gamma }) => ({ id, name, source: "builtin", camera, gamma }));

/** The profiles of SVC_LUT_DIR's `.cube` files, given their names in name order. */
export function lutDirProfiles(files: readonly string[]): (ColorProfile & { file: string })[] {
  const seen = new Set<string>();
  const profiles: (ColorProfile & { file: string })[] = [];
  for (const file of files) {
    const slug = slugOf(basename(file, extname(file)));
    // Two files whose names give one id: the first in name order wins, as listed.
    if (slug === "" || seen.has(slug)) continue;
    seen.add(slug);
    profiles.push({ id: `${DIR_PREFIX}${slug}`, name: file, source: "lut_dir", file });
  }
  return profiles;
}

/** Text of an uploaded file; 422 when it is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unprocessable("the .cube file is not UTF-8 text");
  }
}
