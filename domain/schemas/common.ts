import { z } from "zod";

/** The building blocks every answer uses alike. */
export const timestamp = z.string().describe("ISO 8601 date and time (UTC)");
export const nullableNumber = z.number().nullable();
export const nullableString = z.string().nullable();
