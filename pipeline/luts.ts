import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import {
  DIR_PREFIX,
  decodeUtf8,
  lutDirProfiles,
  MAX_CUBE_BYTES,
  slugOf,
  unknownProfile,
  unprocessable,
} from "../domain/color-profiles.js";
import { UserError } from "../domain/errors.js";
import type { ColorProfile } from "../domain/schemas/color.js";
import { CubeError, parseCube, writeCube } from "../formats/cube.js";
import {
  type BuiltinProfileId,
  isBuiltinProfileId,
  LUT_SIZE,
  logProfile,
  lutTable,
} from "../formats/log-curves.js";
import { writeFileAtomic } from "../state/atomic.js";
import type { Config } from "../state/config.js";
import { isErrno } from "../state/errno.js";
import { cubeNames, lutFolders } from "../state/lut-files.js";

/** Bumped when the built-in curves or the display transform change, so cached LUTs are made again. */
const BUILTIN_LUT_VERSION = 1;

/** A built-in's LUT, written at first use; a concurrent first use writes its own whole copy. */
async function builtinLut(config: Config, id: BuiltinProfileId): Promise<string> {
  const file = join(lutFolders(config.home).builtin, `${id}.v${BUILTIN_LUT_VERSION}.cube`);
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
  const file = join(
    lutFolders(config.home).dir,
    `${profile.id}-${info.size}-${Math.trunc(info.mtimeMs)}.cube`,
  );
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
    const profile = lutDirProfiles(await cubeNames(config.lutDir)).find((p) => p.id === id);
    if (profile) return lutDirLut(config, profile);
  }
  const file = join(lutFolders(config.home).imported, `${id}.cube`);
  if (slugOf(id) === id && id !== "") {
    try {
      await stat(file);
      return file;
    } catch (error) {
      if (!isErrno(error, "ENOENT")) throw error;
    }
  }
  throw unknownProfile(id);
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
