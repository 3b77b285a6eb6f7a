import { open, readdir, readFile, stat } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { Logger } from "pino";
import { CubeError, parseCube, writeCube } from "../../formats/cube.js";
import {
  type BuiltinProfileId,
  isBuiltinProfileId,
  LOG_PROFILES,
  LUT_SIZE,
  logProfile,
  lutTable,
} from "../../formats/log-curves.js";
import { writeFileAtomic, writeFileNew } from "../../state/atomic.js";
import type { Config } from "../../state/config.js";
import { isErrno } from "../../state/errno.js";
import { homePaths } from "../../state/paths.js";
import { EXIT, UserError } from "../errors.js";
import type { ColorProfile } from "../schemas/color.js";

/** The largest `.cube` accepted, imported or read from SVC_LUT_DIR: a 65³ LUT is about 7 MiB. */
export const MAX_CUBE_BYTES = 64 * 1024 * 1024;
/** Bumped when the built-in curves or the display transform change, so cached LUTs are made again. */
const BUILTIN_LUT_VERSION = 1;
/** SVC_LUT_DIR profiles carry this prefix, so a file can never shadow a built-in or imported id. */
const DIR_PREFIX = "dir-";
const MAX_ID = 64;

const lutDirs = (config: Config) => {
  const root = homePaths(config.home).luts;
  return { builtin: join(root, "builtin"), imported: join(root, "imported"), dir: join(root, "dir") };
};

const unprocessable = (message: string) => new UserError(message, EXIT.usage, 422);

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

const builtins = (): ColorProfile[] =>
  LOG_PROFILES.map(({ id, name, camera, gamma }) => ({ id, name, source: "builtin", camera, gamma }));

async function cubeNames(dir: string | undefined): Promise<string[]> {
  if (dir === undefined) return [];
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && extname(entry.name).toLowerCase() === ".cube")
      .map((entry) => entry.name)
      .sort((a, b) => a.localeCompare(b, "en"));
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR")) return [];
    throw error;
  }
}

/** The name an imported LUT was given: the TITLE its stored copy starts with. */
async function titleOf(file: string): Promise<string | null> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return /^TITLE "([^"\n]*)"/.exec(head.toString("utf8", 0, bytesRead))?.[1] ?? null;
  } finally {
    await handle.close();
  }
}

async function imported(config: Config): Promise<ColorProfile[]> {
  const dir = lutDirs(config).imported;
  const profiles: ColorProfile[] = [];
  for (const file of await cubeNames(dir)) {
    const id = basename(file, extname(file));
    profiles.push({ id, name: (await titleOf(join(dir, file))) ?? id, source: "imported" });
  }
  return profiles;
}

async function fromLutDir(config: Config): Promise<(ColorProfile & { file: string })[]> {
  const seen = new Set<string>();
  const profiles: (ColorProfile & { file: string })[] = [];
  for (const file of await cubeNames(config.lutDir)) {
    const slug = slugOf(basename(file, extname(file)));
    // Two files whose names give one id: the first in name order wins, as listed.
    if (slug === "" || seen.has(slug)) continue;
    seen.add(slug);
    profiles.push({ id: `${DIR_PREFIX}${slug}`, name: file, source: "lut_dir", file });
  }
  return profiles;
}

/** `GET /api/color-profiles`: the 12 built-ins, then imported LUTs, then `.cube` files in SVC_LUT_DIR. */
export async function listProfiles(config: Config): Promise<ColorProfile[]> {
  const dir = (await fromLutDir(config)).map(({ file: _file, ...profile }) => profile);
  return [...builtins(), ...(await imported(config)), ...dir];
}

/** The profile an id names; 422 naming the id when there is none. */
export async function requireProfile(config: Config, id: string): Promise<ColorProfile> {
  const profile = (await listProfiles(config)).find((p) => p.id === id);
  if (!profile) throw unprocessable(`no colour profile "${id}" (GET /api/color-profiles lists them)`);
  return profile;
}

/** A built-in's LUT, written at first use; a concurrent first use writes its own whole copy. */
async function builtinLut(config: Config, id: BuiltinProfileId): Promise<string> {
  const file = join(lutDirs(config).builtin, `${id}.v${BUILTIN_LUT_VERSION}.cube`);
  try {
    await stat(file);
    return file;
  } catch (error) {
    if (!isErrno(error, "ENOENT")) throw error;
  }
  const profile = logProfile(id);
  // A temp file renamed into place: a reader sees no file or the whole table, never part of it.
  await writeFileAtomic(file, writeCube({ title: profile.name, size: LUT_SIZE, table: lutTable(profile) }));
  return file;
}

async function lutDirLut(config: Config, profile: ColorProfile & { file: string }): Promise<string> {
  const source = join(config.lutDir as string, profile.file);
  const info = await stat(source);
  if (info.size > MAX_CUBE_BYTES)
    throw unprocessable(`${profile.file} is larger than ${MAX_CUBE_BYTES} bytes`);
  // The checked copy is named by the source's size and time, so an edited file is checked again.
  const file = join(lutDirs(config).dir, `${profile.id}-${info.size}-${Math.trunc(info.mtimeMs)}.cube`);
  try {
    await stat(file);
    return file;
  } catch (error) {
    if (!isErrno(error, "ENOENT")) throw error;
  }
  let lut: ReturnType<typeof parseCube>;
  try {
    lut = parseCube(decodeUtf8(await readFile(source)));
  } catch (error) {
    if (error instanceof CubeError) throw unprocessable(`${profile.file}: ${error.message}`);
    throw error;
  }
  await writeFileAtomic(file, writeCube({ ...lut, title: profile.name }));
  return file;
}

/**
 * The `.cube` file to render a profile with (ffmpeg's lut3d reads it): a built-in's is generated
 * at first use, an SVC_LUT_DIR file's is checked and copied in normalised form (no BOM, plain
 * line ends) at first use. 422 naming the id when no profile has it.
 */
export async function lutPathFor(config: Config, id: string): Promise<string> {
  if (isBuiltinProfileId(id)) return builtinLut(config, id);
  if (id.startsWith(DIR_PREFIX)) {
    const profile = (await fromLutDir(config)).find((p) => p.id === id);
    if (profile) return lutDirLut(config, profile);
  }
  const file = join(lutDirs(config).imported, `${id}.cube`);
  if (slugOf(id) === id && id !== "") {
    try {
      await stat(file);
      return file;
    } catch (error) {
      if (!isErrno(error, "ENOENT")) throw error;
    }
  }
  throw unprocessable(`no colour profile "${id}" (GET /api/color-profiles lists them)`);
}

/**
 * The LUT an item's derived images are rendered through: none without a profile, and none (with a
 * warning) when its profile has since gone, so a removed LUT file cannot stop ingest.
 */
export async function lutForItem(
  config: Config,
  profile: string | null | undefined,
  log: Logger,
): Promise<string | undefined> {
  if (!profile) return undefined;
  try {
    return await lutPathFor(config, profile);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    log.warn({ profile, reason: error.message }, "colour profile unusable: images rendered without it");
    return undefined;
  }
}

/** Text of an uploaded file; 422 when it is not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unprocessable("the .cube file is not UTF-8 text");
  }
}

/**
 * `POST /api/color-profiles/import`: validates the `.cube` text (422 naming the problem), then
 * stores it under the slug of `name`. A name whose slug an existing profile already has is
 * refused with 409 rather than suffixed: the editor chose the name and should see the clash.
 */
export async function importProfile(config: Config, name: string, text: string): Promise<ColorProfile> {
  const title = name.replace(/["\r\n]/g, "").trim();
  const id = slugOf(title);
  if (id === "") throw unprocessable("name: needs at least one letter or digit");
  let lut: ReturnType<typeof parseCube>;
  try {
    lut = parseCube(text);
  } catch (error) {
    if (error instanceof CubeError) throw unprocessable(`invalid .cube: ${error.message}`);
    throw error;
  }
  const clash = (await listProfiles(config)).find((p) => p.id === id);
  const conflict = () =>
    new UserError(
      `a colour profile with id "${id}" exists already; import under another name`,
      EXIT.usage,
      409,
    );
  if (clash) throw conflict();
  if (!(await writeFileNew(join(lutDirs(config).imported, `${id}.cube`), writeCube({ ...lut, title }))))
    throw conflict();
  return { id, name: title, source: "imported" };
}
