import { COLOR_PROFILE } from "../domain/schemas/color.js";
import { BIN, PROJECT } from "../domain/schemas/organise.js";
import { SEARCH_PAGE } from "../domain/schemas/search.js";
import { RETRANSCRIBE_STATUS } from "../domain/schemas/transcripts.js";

/**
 * What the routes answer, for the OpenAPI description (api/openapi.ts). Each answer's schema is
 * defined once in domain/schemas/, with the types the library functions that build it return (the
 * MCP output schemas and the web app's types derive from the same); here they take the names the
 * route table gives them. The auth-matrix and conformance tests check every real answer against
 * the schema its route documents, so a field added to an answer without its schema fails them.
 */

export {
  ENTITLEMENTS,
  STREAM_GRANT,
  TOKEN,
  TOKEN_CREATED,
  TOKEN_LIST,
  TOKEN_REVOKED,
} from "../domain/schemas/access.js";
export { CHAT_REPLY, CONVERSATIONS, HISTORY } from "../domain/schemas/chat.js";
export { COLOR_PROFILES } from "../domain/schemas/color.js";
export { HANDOFF, HANDOFF_CREATED, HANDOFF_LIST } from "../domain/schemas/handoff.js";
export { MARK_DELETED, MARKER, MARKERS, SUBCLIP, SUBCLIPS } from "../domain/schemas/marks.js";
export {
  BULK_DELETED,
  BULK_RATED,
  BULK_TAGGED,
  DELETE_RESULT,
  MEDIA_DETAIL,
  MEDIA_ITEM,
  MEDIA_ITEMS,
  SCENES,
  SEGMENTS,
  SHOOT_DATE_FACETS,
  TAG,
  TAG_ADDED,
  TAG_CLOUD,
  TAG_REMOVED,
  TRANSCRIPTS,
  WORDS,
} from "../domain/schemas/media.js";
export { OFFLOAD_STARTED, OFFLOAD_STATUS } from "../domain/schemas/offload.js";
export {
  BIN_DELETED,
  BIN_ITEM_ADDED,
  BIN_ITEM_REMOVED,
  BIN_ITEMS_ADDED,
  BIN_ITEMS_REMOVED,
  BINS,
  BULK_RESTORED,
  COLLECTIONS,
  PROJECT_REMOVED,
  PROJECTS,
  RESTORED,
  TRASH,
} from "../domain/schemas/organise.js";
export { EDITOR_PROXIES_DONE, EDITOR_PROXY_ITEM, EDITOR_PROXY_STATUS } from "../domain/schemas/proxy.js";
export { SEARCH_ALL } from "../domain/schemas/search.js";
export { SYNC_PAIR, SYNC_PAIRS, SYNC_STATUS } from "../domain/schemas/sync.js";
export {
  CACHE_CLEARED,
  EMBED_STATUS,
  HEALTH,
  INGEST_STARTED,
  INGEST_STATUS,
  LOG_TAIL,
  MODEL_HOSTS,
  SEED_ANSWER,
  SEED_STATUS,
  STATS,
  STATUS,
  VERSION,
} from "../domain/schemas/system.js";
export { BACKUPS, CORRECTIONS, RECORRECTED, REVERTED } from "../domain/schemas/transcripts.js";
export { WAVEFORM } from "../domain/schemas/waveform.js";

export const MEDIA_SEARCH_PAGE = SEARCH_PAGE;
export const COLOR_PROFILE_IMPORTED = COLOR_PROFILE;
export const PROJECT_ADDED = PROJECT;
export const BIN_VIEW = BIN;
export const RETRANSCRIBE_STARTED = RETRANSCRIBE_STATUS;
export const RETRANSCRIBE_PROGRESS = RETRANSCRIBE_STATUS;
