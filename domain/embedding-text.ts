import { createHash } from "node:crypto";
import { z } from "zod";
import { readJsonColumn } from "../state/json-column.js";
import type { MarkRow } from "../state/repos/marks.js";
import { type SceneRow, sceneTags } from "../state/repos/scenes.js";
import type { TagRow } from "../state/repos/tags.js";

export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

// Embedding models have a context window; past this the tail would be cut off silently anyway.
const MAX_TEXT = 8000;

const clip = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);

/** Word timings as stored; anything unreadable counts as no words (the transcript still counts). */
export function readWords(json: string | null): TimedWord[] {
  return readJsonColumn(json, STORED_WORDS, []);
}

const STORED_WORDS = z
  .array(z.unknown())
  .transform((list) =>
    list.filter(
      (w): w is TimedWord =>
        typeof w === "object" &&
        w !== null &&
        typeof (w as TimedWord).word === "string" &&
        Number.isFinite((w as TimedWord).start) &&
        Number.isFinite((w as TimedWord).end),
    ),
  );

/** A scene's text: what the vision model saw, its tags, and the words spoken inside its window. */
export function sceneText(scene: SceneRow, words: readonly TimedWord[]): string {
  const spoken = words
    .filter((w) => w.start >= scene.start_s && w.start < Math.max(scene.end_s, scene.start_s + 0.001))
    .map((w) => w.word);
  const parts = [
    scene.description,
    sceneTags(scene.tags_json).join(", "),
    [scene.content_type, scene.atmosphere, scene.energy].filter(Boolean).join(", "),
    spoken.join(" "),
  ];
  return clip(parts.filter(Boolean).join(". "));
}

// An editor's markers and subclips have a share of the item's text of their own, so ten thousand
// of them never push the transcript and the scenes out of it.
const MAX_MARKS_TEXT = 2000;

/** The names and notes of an item's markers, then its subclips, each in time order. */
export function marksText(marks: readonly Pick<MarkRow, "name" | "note">[]): string {
  return clip(marks.map((m) => [m.name, m.note].filter(Boolean).join(": ")).join(". ")).slice(
    0,
    MAX_MARKS_TEXT,
  );
}

/** An item's text: its name, tags, markers and subclips, every scene description and transcript. */
export function itemText(
  item: { name: string; transcript: string | null },
  tags: readonly TagRow[],
  scenes: readonly SceneRow[],
  marks: readonly Pick<MarkRow, "name" | "note">[] = [],
): string {
  const name = item.name.replace(/\.[^.]+$/, "").replace(/[_\-.]+/g, " ");
  const parts = [
    name,
    tags.map((t) => t.name).join(", "),
    marksText(marks),
    scenes
      .map((s) => s.description)
      .filter(Boolean)
      .join(". "),
    item.transcript ?? "",
  ];
  return clip(parts.filter(Boolean).join(". "));
}

/** embed_hash: the SHA-256 of the text last embedded, for staleness checks. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
