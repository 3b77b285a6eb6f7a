import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WORDS } from "../../library/media/transcript.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { seedExportItems } from "../support/export-fixtures.js";

let api: TestApi;
let timed: number;
let long: number;
let untimed: number;
beforeAll(async () => {
  api = await startApi();
  const root = api.root as string;
  const ids = seedExportItems(
    root,
    ["timed.mp4", "long.mp4", "untimed.mp4"].map((path) => ({
      path,
      duration_s: 10,
      segments: [{ start: 0, end: 2, text: "over the harbour" }],
    })),
  );
  [timed, long, untimed] = ids as [number, number, number];
  // What the transcribe stage stores: scores where the recogniser gave them, none elsewhere.
  const lib = openLibrary(root);
  try {
    const setWords = lib.db.prepare("UPDATE media SET words_json = ? WHERE id = ?");
    setWords.run(
      JSON.stringify([
        { word: "over", start: 0.1, end: 0.4, score: 0.92 },
        { word: "the", start: 0.4, end: 0.55 },
        { word: "harbour", start: 0.6, end: 1.3, score: 0.8 },
      ]),
      timed,
    );
    setWords.run(
      JSON.stringify(
        Array.from({ length: MAX_WORDS + 7 }, (_, i) => ({
          word: `w${i}`,
          start: i * 0.1,
          end: i * 0.1 + 0.05,
        })),
      ),
      long,
    );
  } finally {
    lib.close();
  }
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/media/{id}/words", () => {
  it("answers the active transcript's word timings with their scores", async () => {
    const res = await api.request("GET", `/api/media/${timed}/words`);
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toEqual({
      words: [
        { word: "over", start: 0.1, end: 0.4, score: 0.92 },
        { word: "the", start: 0.4, end: 0.55, score: null },
        { word: "harbour", start: 0.6, end: 1.3, score: 0.8 },
      ],
      truncated: false,
    });
  });

  it(`caps the answer at ${MAX_WORDS} words and says so`, async () => {
    const body = (await api.request("GET", `/api/media/${long}/words`)).json<{
      words: { word: string }[];
      truncated: boolean;
    }>();
    expect(body.words).toHaveLength(MAX_WORDS);
    expect(body.words.at(-1)?.word).toBe(`w${MAX_WORDS - 1}`);
    expect(body.truncated).toBe(true);
  });

  it("answers an empty list for an item without word timings, 404 for an unknown id", async () => {
    expect((await api.request("GET", `/api/media/${untimed}/words`)).json()).toEqual({
      words: [],
      truncated: false,
    });
    expect((await api.request("GET", "/api/media/99999/words")).status).toBe(404);
    expect((await api.request("GET", "/api/media/abc/words")).status).toBe(422);
  });
});
