import { z } from "zod";
import { CORRECTIONS_BODY, MAX_CORRECTIONS_BODY } from "../../domain/corrections.js";
import { ACCESS } from "../../domain/scopes.js";
import { loadCorrections, saveCorrections } from "../../library/transcripts/corrections.js";
import { recorrect, revertTranscripts } from "../../library/transcripts/recorrect.js";
import { listBackups } from "../../library/transcripts/transcript-backups.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { readQuery } from "../query.js";
import {
  BACKUPS,
  CORRECTIONS,
  RECORRECTED,
  RETRANSCRIBE_PROGRESS,
  RETRANSCRIBE_STARTED,
  REVERTED,
} from "../responses.js";
import type { RouteDef } from "./types.js";

const project = z.string().trim().min(1).max(64, "at most 64 characters").optional();
const PROJECT_QUERY = z.object({ project });

/** A yes/no query flag: 1/0, true/false, yes/no. */
const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no"], "expected 1 or 0")
    .transform((value) => value === "1" || value === "true" || value === "yes")
    .default(fallback);

const RECORRECT_QUERY = z.object({ project, dry_run: flag(true), rebuild: flag(false) });

// ISO 639-1/639-3 codes with an optional region, as speech recognisers take them.
const RETRANSCRIBE_BODY = z.strictObject({
  language: z
    .string()
    .regex(/^[a-z]{2,3}([-_][a-z0-9]{2,8})?$/i, "expected a language code such as en, de or pt-BR")
    .transform((code) => code.toLowerCase())
    .optional(),
  // SPEC: every bulk change snapshots first. `false` is refused rather than ignored, so a client
  // that asked for no snapshot learns it is not honoured.
  backup: z
    .literal(true, {
      error: "the snapshot before a bulk change is always taken; send true or leave backup out",
    })
    .optional()
    .describe("Always true: the transcripts are snapshotted before the run; false is refused (422)"),
});

const REVERT_BODY = z.strictObject({ backup: z.string().min(1).max(255).optional() });

/** The correction dictionary and the bulk transcript maintenance built on it. */
export const transcriptionRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/corrections",
    scopes: ACCESS.read,
    handler: (event, { libraries }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      return loadCorrections(libraries.library(project).paths);
    },
    doc: {
      summary: "The project's correction dictionary (409 when its file was broken by hand)",
      query: PROJECT_QUERY,
      response: CORRECTIONS,
      errors: [404, 409, 503],
    },
  },
  {
    method: "PUT",
    path: "/api/corrections",
    scopes: ACCESS.ingest,
    handler: async (event, { libraries }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      const body = await readJson(event, CORRECTIONS_BODY, MAX_CORRECTIONS_BODY);
      return saveCorrections(libraries.library(project).paths, body);
    },
    doc: {
      summary: "Replaces the project's correction dictionary",
      query: PROJECT_QUERY,
      body: CORRECTIONS_BODY,
      response: CORRECTIONS,
      errors: [404],
    },
  },
  {
    method: "POST",
    path: "/api/recorrect",
    scopes: ACCESS.ingest,
    handler: (event, { ctx, libraries }) => {
      const query = readQuery(event, RECORRECT_QUERY);
      return recorrect(ctx, libraries, {
        project: query.project,
        dryRun: query.dry_run,
        rebuild: query.rebuild,
        signal: event.req.signal,
      });
    },
    doc: {
      summary: "Counts (dry run, the default) or applies the dictionary's rules over stored transcripts",
      description:
        "An apply holds the project's ingest slot (409 while taken) and writes a backup first; `rebuild=1` then updates the vectors.",
      query: RECORRECT_QUERY,
      response: RECORRECTED,
      errors: [404, 409, 503],
    },
  },
  {
    method: "GET",
    path: "/api/recorrect/backups",
    scopes: ACCESS.read,
    handler: (event, { libraries }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      return { backups: listBackups(libraries.library(project).paths) };
    },
    doc: {
      summary: "The project's transcript backups, newest first",
      query: PROJECT_QUERY,
      response: BACKUPS,
      errors: [404, 503],
    },
  },
  {
    method: "POST",
    path: "/api/recorrect/revert",
    scopes: ACCESS.ingest,
    handler: async (event, { ctx, libraries }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      const { backup } = await readJson(event, REVERT_BODY);
      return revertTranscripts(ctx, libraries, project, backup);
    },
    doc: {
      summary: "Restores a transcript backup (the newest when none is named)",
      description:
        "Holds the project's ingest slot (409 while taken); a damaged backup restores nothing (422).",
      query: PROJECT_QUERY,
      body: REVERT_BODY,
      response: REVERTED,
      errors: [404, 409],
    },
  },
  {
    method: "POST",
    path: "/api/retranscribe-all",
    scopes: ACCESS.ingest,
    handler: async (event, { retranscribe }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      const body = await readJson(event, RETRANSCRIBE_BODY);
      return jsonResponse(202, retranscribe.start({ project, language: body.language }));
    },
    doc: {
      summary: "Starts speech recognition again over every audio item of a project, after a backup",
      description:
        "Every target's transcripts are snapshotted first (kind retranscribe, restorable with " +
        "POST /api/recorrect/revert); `backup: false` is 422, never a run without the snapshot. " +
        "One run at a time (409); 503 when no speech recogniser or ffmpeg is available.",
      query: PROJECT_QUERY,
      body: RETRANSCRIBE_BODY,
      response: RETRANSCRIBE_STARTED,
      status: [202],
      errors: [404, 409, 503],
    },
  },
  {
    method: "GET",
    path: "/api/retranscribe-all/status",
    scopes: ACCESS.read,
    handler: (_event, { retranscribe }) => retranscribe.status(),
    doc: { summary: "Progress of this service's retranscribe-all run", response: RETRANSCRIBE_PROGRESS },
  },
];
