import { z } from "zod";

/** Tags, camera ids, angles and filter values: short labels that end up in exports and file names. */
export const LABEL_MAX = 64;
export const RATING_MAX = 32;
export const NOTE_MAX = 2000;

/** Length in Unicode code points, so an emoji or an accented letter counts once. */
export const textLength = (value: string) => [...value].length;

const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\n\r\t]/u;

export const hasControl = (value: string) => CONTROL.test(value);

const trimmedLabel = (max: number) =>
  z
    .string()
    .transform((value) => value.trim())
    .refine((value) => textLength(value) <= max, `at most ${max} characters`)
    .refine((value) => !hasControl(value), "control characters are not allowed");

/** A trimmed single-line label of at most `max` code points that must not be empty. */
export const labelSchema = (max: number) =>
  trimmedLabel(max).refine((value) => value !== "", "must not be empty");

/** Like `labelSchema`, but a value that is empty after trimming clears the field (null). */
export const clearableLabelSchema = (max: number) =>
  trimmedLabel(max).transform((value) => (value === "" ? null : value));

/** Free text that may span lines (a rating note); empty after trimming clears it. */
export const noteSchema = z
  .string()
  .transform((value) => value.trim())
  .refine((value) => textLength(value) <= NOTE_MAX, `at most ${NOTE_MAX} characters`)
  .refine(
    (value) => !CONTROL_BUT_LINES.test(value),
    "control characters other than line breaks and tabs are not allowed",
  )
  .transform((value) => (value === "" ? null : value));
