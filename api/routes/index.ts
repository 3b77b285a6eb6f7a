import { chatRoutes } from "./chat.js";
import { colorRoutes } from "./color.js";
import { exportRoutes } from "./export.js";
import { mediaRoutes } from "./media.js";
import { offloadRoutes } from "./offload.js";
import { operationRoutes } from "./operations.js";
import { proxyRoutes } from "./proxy.js";
import { transcriptionRoutes } from "./transcription.js";
import { trashRoutes } from "./trash.js";
import type { RouteDef } from "./types.js";

/** Every route the API serves. */
export const ROUTES: readonly RouteDef[] = [
  ...operationRoutes,
  ...mediaRoutes,
  ...trashRoutes,
  ...chatRoutes,
  ...exportRoutes,
  ...proxyRoutes,
  ...colorRoutes,
  ...offloadRoutes,
  ...transcriptionRoutes,
];
