import { describe, expect, it } from "vitest";
import type { SearchItem as MediaItem } from "../../domain/schemas/search.js";
import { missingPartsText } from "../../web/src/camera-text.js";
import { cardsOf } from "../../web/src/library/cards.js";

const span = (id: string, index: number) => ({
  id,
  index,
  count: 3,
  offset_s: index - 1,
  duration_s: 3,
  start_timecode: null,
  missing: [],
});
const match = { scene_index: 0, start_s: 1, end_s: 2, keyframe_url: "/k", score: 0.5 };
const item = (id: number, part: ReturnType<typeof span> | null = null, matched = false) =>
  ({ id, span: part, ...(matched ? { match } : {}) }) as unknown as MediaItem;
const ids = (items: readonly MediaItem[]) => items.map((i) => i.id);

describe("the grid's cards: a recording's parts listed on one page share one", () => {
  it("joins the parts of one span where the first of them stands, led by the lowest-numbered", () => {
    const cards = cardsOf([
      item(12, span("a", 2)),
      item(7),
      item(11, span("a", 1)),
      item(20, span("b", 1)),
      item(13, span("a", 3)),
    ]);
    expect(cards.map((c) => c.lead.id)).toEqual([11, 7, 20]);
    expect(ids(cards[0]?.parts ?? [])).toEqual([12, 11, 13]);
    expect(ids(cards[1]?.parts ?? [])).toEqual([7]);
    expect(ids(cards[2]?.parts ?? [])).toEqual([20]);
  });

  it("opens the best-ranked part whose scene matched a search, not the lead", () => {
    const [card] = cardsOf([
      item(12, span("a", 2)),
      item(13, span("a", 3), true),
      item(11, span("a", 1), true),
    ]);
    expect(card?.lead.id).toBe(11);
    expect(card?.hit?.id).toBe(13);
    expect(cardsOf([item(1), item(2, null, true)]).map((c) => c.hit?.id)).toEqual([undefined, 2]);
  });

  it("leaves items outside a span, and an empty page, as they are", () => {
    expect(cardsOf([])).toEqual([]);
    expect(cardsOf([item(1), item(2)]).map((c) => ids(c.parts))).toEqual([[1], [2]]);
  });

  it("names the absent parts in words", () => {
    expect(missingPartsText([])).toBeNull();
    expect(missingPartsText([2])).toBe("part 2 missing");
    expect(missingPartsText([2, 4])).toBe("parts 2, 4 missing");
  });
});
