import { z } from "zod";
import {
  CORRECTIONS_BODY,
  loadCorrections,
  MAX_CORRECTIONS_BODY,
  saveCorrections,
} from "../../library/corrections.js";
import { recorrect, revertTranscripts } from "../../library/recorrect.js";
import { ACCESS } from "../../library/scopes.js";
import { listBackups } from "../../library/transcript-backups.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { readQuery } from "../query.js";
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
  backup: z.boolean().default(true),
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
  },
  {
    method: "GET",
    path: "/api/recorrect/backups",
    scopes: ACCESS.read,
    handler: (event, { libraries }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      return { backups: listBackups(libraries.library(project).paths) };
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
  },
  {
    method: "POST",
    path: "/api/retranscribe-all",
    scopes: ACCESS.ingest,
    handler: async (event, { retranscribe }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      const body = await readJson(event, RETRANSCRIBE_BODY);
      return jsonResponse(202, retranscribe.start({ project, language: body.language, backup: body.backup }));
    },
  },
  {
    method: "GET",
    path: "/api/retranscribe-all/status",
    scopes: ACCESS.read,
    handler: (_event, { retranscribe }) => retranscribe.status(),
  },
];
