import { open } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import {
  builtinProfiles,
  lutDirProfiles,
  slugOf,
  unknownProfile,
  unprocessable,
} from "../../domain/color-profiles.js";
import { EXIT, UserError } from "../../domain/errors.js";
import type { ColorProfile } from "../../domain/schemas/color.js";
import { CubeError, parseCube, writeCube } from "../../formats/cube.js";
import { writeFileNew } from "../../state/atomic.js";
import type { Config } from "../../state/config.js";
import { cubeNames, lutFolders } from "../../state/lut-files.js";

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
  const dir = lutFolders(config.home).imported;
  const profiles: ColorProfile[] = [];
  for (const file of await cubeNames(dir)) {
    const id = basename(file, extname(file));
    profiles.push({ id, name: (await titleOf(join(dir, file))) ?? id, source: "imported" });
  }
  return profiles;
}

/** `GET /api/color-profiles`: the 12 built-ins, then imported LUTs, then `.cube` files in SVC_LUT_DIR. */
export async function listProfiles(config: Config): Promise<ColorProfile[]> {
  const dir = lutDirProfiles(await cubeNames(config.lutDir)).map(({ file: _file, ...profile }) => profile);
  return [...builtinProfiles(), ...(await imported(config)), ...dir];
}

/** The profile an id names; 422 naming the id when there is none. */
export async function requireProfile(config: Config, id: string): Promise<ColorProfile> {
  const profile = (await listProfiles(config)).find((p) => p.id === id);
  if (!profile) throw unknownProfile(id);
  return profile;
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
  if (
    !(await writeFileNew(join(lutFolders(config.home).imported, `${id}.cube`), writeCube({ ...lut, title })))
  )
    throw conflict();
  return { id, name: title, source: "imported" };
}
