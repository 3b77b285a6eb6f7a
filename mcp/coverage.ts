/**
 * Where each read route of the HTTP API stands on the MCP surface: the tool that serves the same
 * library function, or why it is deliberately not exposed. A test fails when a GET route of the
 * route table is missing here (or an entry names a route that no longer exists), so adding a read
 * route forces the decision.
 */
export type Coverage = { tool: string } | { omitted: string };

const HANDOFF_OMITTED =
  "hand-offs are for an NLE's script to import, not an assistant; get_media reads the same items";

export const ROUTE_COVERAGE: Readonly<Record<string, Coverage>> = {
  "GET /api/media": { tool: "search_media" },
  "GET /api/media/:id": { tool: "get_media" },
  "GET /api/media/:id/scenes": { tool: "get_scenes" },
  "GET /api/media/:id/segments": { tool: "get_transcript" },
  "GET /api/media/:id/words": { tool: "get_transcript" },
  "GET /api/media/:id/markers": { tool: "get_media" },
  "GET /api/media/:id/subclips": { tool: "get_media" },
  "GET /api/sync/pairs": { tool: "get_media" },
  "GET /api/sync/status": { omitted: "progress of a sync run for the person who started it" },
  "GET /api/ingest/status": {
    omitted:
      "progress of ingest passes for the operations page; library_stats answers what is in the library",
  },
  "GET /api/media/:id/waveform": {
    omitted: "peak data to draw a waveform; nothing an assistant reads from a picture of the sound",
  },
  "GET /api/tokens": { omitted: "secrets administration, admin scope only" },
  "GET /api/tokens/:id": { omitted: "secrets administration, admin scope only" },
  "GET /api/stats": { tool: "library_stats" },
  "GET /api/tags": { tool: "list_tags" },
  "GET /api/media/facets/shoot-date": {
    omitted:
      "browsing facets for a UI; search_media's shot_year and shot_date filters cover what an assistant asks",
  },
  "GET /api/media/:id/transcripts": {
    omitted: "archived languages are an editor's choice to activate; get_transcript reads the active one",
  },
  "GET /api/media/:id/thumbnail": {
    omitted: "image bytes; MCP tools answer with thumbnail_path relative to the project root",
  },
  "GET /api/media/:id/sprite": {
    omitted:
      "image bytes for the web grid's hover scrub; MCP tools answer with the sprite's path relative to the project root",
  },
  "GET /api/media/:id/keyframes/:index": {
    omitted: "image bytes; get_scenes answers with keyframe_path relative to the project root",
  },
  "GET /api/stream": { omitted: "media bytes for playback, not something an assistant reads" },
  "GET /api/trash": {
    omitted: "deleted files are an admin's concern, and their original paths are not for assistants",
  },
  "GET /api/chat/conversations": {
    omitted: "people's chat history is private to the chat scopes, not videos_read",
  },
  "GET /api/chat/history/:id": {
    omitted: "people's chat history is private to the chat scopes, not videos_read",
  },
  "GET /api/export/timeline/:fmt": {
    omitted:
      "a file for an NLE, not an answer; an assistant reads the same clips through get_media and get_transcript",
  },
  "GET /api/handoff/next": { omitted: HANDOFF_OMITTED },
  "GET /api/handoff/:id": { omitted: HANDOFF_OMITTED },
  "GET /api/handoffs": { omitted: HANDOFF_OMITTED },
  "GET /api/health": { omitted: "a readiness probe for service managers" },
  "GET /api/status": { omitted: "readiness detail for operators: recogniser and model installation" },
  "GET /api/version": { omitted: "the MCP initialize handshake already reports the server version" },
  "GET /api/embed/status": { omitted: "index maintenance for operators" },
  "GET /api/entitlements": { omitted: "licensing, admin scope only" },
  "GET /api/logs/tail": { omitted: "service logs, admin scope only" },
  "GET /api/models/hosts": { omitted: "the model hosts' operations view, admin scope only" },
  "GET /api/color-profiles": {
    omitted: "display LUTs for pictures and playback; nothing an assistant reads changes with them",
  },
  "GET /api/proxy/editor/status": { omitted: "progress of encodes for the person who started them" },
  "GET /api/proxy/editor/:media_id": {
    omitted: "whether an NLE proxy file exists beside the source: an editor's workflow, not library content",
  },
  "GET /api/openapi.json": {
    omitted: "the HTTP API's own description, for client generators, not library content",
  },
  "GET /api/docs": { omitted: "a reference page for people reading the HTTP API in a browser" },
  "GET /api/docs/:file": { omitted: "scripts and styles of the reference page" },
  "GET /api/offload/status": {
    omitted: "card copies in progress name card and drive folders, which assistants may not learn",
  },
  "GET /api/projects": {
    omitted: "the registry names project folders and drives; MCP tools take a project name, not a root",
  },
  "GET /api/bins": {
    omitted: "bins are an editor's working selections under collections_read, not library content",
  },
  "GET /api/search/all": {
    omitted:
      "cross-project aggregation is a licensed feature of the HTTP API; search_media searches one project",
  },
  "GET /api/collections": {
    omitted:
      "an editor's browsing view under collections_read; search_media's tag: and rating: filters reach the same items",
  },
  "GET /api/corrections": {
    omitted:
      "the correction dictionary is an editor's maintenance setting; transcripts already read corrected",
  },
  "GET /api/recorrect/backups": {
    omitted: "snapshots kept for undoing a bulk change are an editor's safety net, not library content",
  },
  "GET /api/sample/seed/status": {
    omitted: "progress of seeding the sample library, for the person who started it",
  },
  "GET /api/retranscribe-all/status": {
    omitted: "progress of a maintenance run, for the person who started it",
  },
};
