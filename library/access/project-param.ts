import { z } from "zod";

/**
 * The optional `project` of a request: a registered project's name, PROJECT_ROOT's project when
 * absent. Only its length is checked here; whether the name is registered is checked where the
 * project is opened.
 */
export const PROJECT_PARAM = z.string().max(64, "at most 64 characters").optional();
