import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Card } from "./cards.js";
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
}

/**
 * The grid of `count` cards, of which only the rows on screen exist in the page. Arrow keys move
 * the focus, Enter opens (the cell's button), Space ticks.
 */
export function VirtualGrid({ count, card, want, selected, toggle }: VirtualGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, width: 1000, height: 800 });
  const [focus, setFocus] = useState(0);

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
        toggle={toggle}
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
      onKeyDown={(e) => {
        if (e.key === " " && (e.target as HTMLElement).classList.contains("cell-open")) {
          e.preventDefault();
          const picked = card(focus);
          if (picked) toggle(picked.parts.map((part) => part.id));
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
