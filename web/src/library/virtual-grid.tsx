import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Card } from "./cards.js";
import type { Pick } from "./cell.js";
import { CELL_H, CELL_W, GridRow } from "./grid-row.js";

const OVERSCAN_ROWS = 2;

interface VirtualGridProps {
  count: number;
  /** The card at an index, or undefined while its page is on its way. */
  card: (index: number) => Card | undefined;
  /** Asks for cards `first` to `last - 1`: those on screen and a little around them. */
  want: (first: number, last: number) => void;
  selected: ReadonlySet<number>;
  /** Ticks the items (a card's parts together) or, when all are ticked, unticks them. */
  toggle: (ids: readonly number[]) => void;
  /** Ticks the items (those ticked already stay ticked). */
  add: (ids: readonly number[]) => void;
  /** Unticks every item. */
  clear: () => void;
}

/**
 * The grid of `count` cards, of which only the rows on screen exist in the page. Arrow keys move
 * the focus, Enter opens (the cell's button), Space ticks, Shift+Space ticks every card from the
 * last one ticked alone (as Shift+click does; Ctrl/⌘+click ticks one), Escape unticks all. A range
 * covers the cards whose pages have arrived.
 */
export function VirtualGrid({ count, card, want, selected, toggle, add, clear }: VirtualGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, width: 1000, height: 800 });
  const [focus, setFocus] = useState(0);
  // The card a range starts from, and the lookup as of this render: rows that are not rendered
  // again keep the first `pick` they got, so it reads both through refs.
  const anchor = useRef<number | null>(null);
  const cardAt = useRef(card);
  cardAt.current = card;

  const pick = useCallback(
    (index: number, how: Pick) => {
      const idsOf = (i: number) => cardAt.current(i)?.parts.map((part) => part.id) ?? [];
      const from = anchor.current;
      if (how === "range" && from !== null) {
        const ids: number[] = [];
        for (let i = Math.min(from, index); i <= Math.max(from, index); i += 1) ids.push(...idsOf(i));
        add(ids);
      } else {
        toggle(idsOf(index));
        anchor.current = index;
      }
      setFocus(index);
    },
    [add, toggle],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const columns = Math.max(1, Math.floor(view.width / CELL_W));
  const rows = Math.ceil(count / columns);
  const firstRow = Math.max(0, Math.floor(view.top / CELL_H) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows, Math.ceil((view.top + view.height) / CELL_H) + OVERSCAN_ROWS);
  const first = firstRow * columns;
  const last = Math.min(count, lastRow * columns);

  useEffect(() => want(first, last), [first, last, want]);

  const rowsShown = [];
  for (let row = firstRow; row < lastRow; row += 1) {
    const start = row * columns;
    const cards = [];
    for (let i = start; i < Math.min(count, start + columns); i += 1) cards.push(card(i));
    rowsShown.push(
      <GridRow
        key={row}
        row={row}
        start={start}
        cards={cards}
        focus={focus >= start && focus < start + columns ? focus : -1}
        selected={selected}
        pick={pick}
      />,
    );
  }

  const move = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[e.key];
    if (step === undefined || count === 0) return;
    e.preventDefault();
    const next = Math.min(count - 1, Math.max(0, focus + step));
    setFocus(next);
    const el = scroller.current;
    if (el) {
      const y = Math.floor(next / columns) * CELL_H;
      if (y < el.scrollTop) el.scrollTop = y;
      else if (y + CELL_H > el.scrollTop + el.clientHeight) el.scrollTop = y + CELL_H - el.clientHeight;
    }
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus(),
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: key presses bubble up from the cells' buttons; the container takes no focus itself
    <div
      class="grid-scroll"
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        setView((v) => (v.top === el.scrollTop ? v : { ...v, top: el.scrollTop }));
      }}
      onFocusIn={(e) => {
        // The focus a click or Tab gives a card is where Space and the arrows act from.
        const index = (e.target as HTMLElement).dataset.index;
        if (index !== undefined) setFocus(Number(index));
      }}
      onKeyDown={(e) => {
        if (e.key === " " && (e.target as HTMLElement).classList.contains("cell-open")) {
          e.preventDefault();
          pick(focus, e.shiftKey ? "range" : "toggle");
          return;
        }
        if (e.key === "Escape" && selected.size > 0) {
          e.preventDefault();
          clear();
          return;
        }
        move(e);
      }}
    >
      <div class="grid-space" style={{ height: `${rows * CELL_H}px` }}>
        {rowsShown}
      </div>
    </div>
  );
}
