import { z } from "zod";

export const COLOR_PROFILE = z
  .object({
    id: z.string(),
    name: z.string(),
    source: z.enum(["builtin", "imported", "lut_dir"]),
    // Built-ins only: the camera maker and the gamma the profile decodes.
    camera: z.string().optional(),
    gamma: z.string().optional(),
  })
  .meta({ id: "ColorProfile" });
export type ColorProfile = z.infer<typeof COLOR_PROFILE>;

export const COLOR_PROFILES = z.object({ profiles: z.array(COLOR_PROFILE) });
