// The answer's own type, not the client's, so the server's tests can import this without the DOM.
import type { SearchItem as MediaItem } from "../../../domain/schemas/search.js";

/**
 * One card of the grid: an item, or the parts of one spanned recording that one page of the
 * answer lists. A recording's parts on different pages stay separate cards: a page is shown as it
 * arrives, and joining across pages would move cards already on screen.
 */
export interface Card {
  /** The item the card shows: the recording's lowest-numbered part listed, else the item. */
  lead: MediaItem;
  /** Every item the card stands for, in the answer's order; one unless it is a recording. */
  parts: MediaItem[];
  /** The first part in the answer's order whose scene matched a search: the card opens it there. */
  hit: MediaItem | undefined;
}

/** The cards of one page, each where the first of its items stands in the answer's order. */
export function cardsOf(items: readonly MediaItem[]): Card[] {
  const cards: Card[] = [];
  const bySpan = new Map<string, Card>();
  for (const item of items) {
    const joined = item.span ? bySpan.get(item.span.id) : undefined;
    if (joined) {
      joined.parts.push(item);
      if ((item.span?.index ?? 0) < (joined.lead.span?.index ?? 0)) joined.lead = item;
      joined.hit ??= item.match ? item : undefined;
      continue;
    }
    const card: Card = { lead: item, parts: [item], hit: item.match ? item : undefined };
    cards.push(card);
    if (item.span) bySpan.set(item.span.id, card);
  }
  return cards;
}
