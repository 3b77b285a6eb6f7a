import { binRoutes } from "./bins.js";
import { chatRoutes } from "./chat.js";
import { collectionRoutes } from "./collections.js";
import { colorRoutes } from "./color.js";
import { exportRoutes } from "./export.js";
import { handoffRoutes } from "./handoff.js";
import { markRoutes } from "./marks.js";
import { mediaRoutes } from "./media.js";
import { offloadRoutes } from "./offload.js";
import { operationRoutes } from "./operations.js";
import { projectRoutes } from "./projects.js";
import { proxyRoutes } from "./proxy.js";
import { referenceRoutes } from "./reference.js";
import { searchRoutes } from "./search.js";
import { syncRoutes } from "./sync.js";
import { tokenRoutes } from "./tokens.js";
import { transcriptionRoutes } from "./transcription.js";
import { trashRoutes } from "./trash.js";
import type { RouteDef } from "./types.js";

const SERVED: readonly RouteDef[] = [
  ...operationRoutes,
  ...mediaRoutes,
  ...markRoutes,
  ...trashRoutes,
  ...chatRoutes,
  ...exportRoutes,
  ...handoffRoutes,
  ...proxyRoutes,
  ...colorRoutes,
  ...offloadRoutes,
  ...projectRoutes,
  ...binRoutes,
  ...collectionRoutes,
  ...searchRoutes,
  ...syncRoutes,
  ...transcriptionRoutes,
  ...tokenRoutes,
];

/** Every route the API serves, with the OpenAPI description of them all. */
export const ROUTES: readonly RouteDef[] = [...SERVED, ...referenceRoutes(SERVED)];
