import type { RouteDef } from "./types.js";

export const mediaRoutes: readonly RouteDef[] = [];
