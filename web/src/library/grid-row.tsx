import { Component } from "preact";
import type { Card } from "./cards.js";
import { Cell } from "./cell.js";

export const CELL_W = 210;
export const CELL_H = 200;

interface RowProps {
  row: number;
  start: number;
  cards: (Card | undefined)[];
  /** The focused index when it is in this row, else -1. */
  focus: number;
  selected: ReadonlySet<number>;
  toggle: (ids: readonly number[]) => void;
}

/** What a row shows: a row whose cards, focus and ticks are unchanged is not rendered again while the grid scrolls. */
const rowKey = (p: RowProps) =>
  `${p.row}:${p.focus}:${p.cards
    .map((card) =>
      card ? card.parts.map((it) => `${it.id}${p.selected.has(it.id) ? "+" : ""}`).join("&") : "_",
    )
    .join(",")}`;

/** One row of the grid, placed at its offset in the scrolled space. */
export class GridRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    return rowKey(next) !== rowKey(this.props);
  }

  override render() {
    const { row, start, cards, focus, selected, toggle } = this.props;
    return (
      <div class="row" style={{ transform: `translateY(${row * CELL_H}px)` }}>
        {cards.map((card, col) => (
          <div class="slot" key={start + col}>
            <Cell
              card={card}
              index={start + col}
              focused={start + col === focus}
              selected={card ? card.parts.every((part) => selected.has(part.id)) : false}
              toggle={toggle}
            />
          </div>
        ))}
      </div>
    );
  }
}
