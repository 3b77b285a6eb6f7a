import { Component } from "preact";
import type { Card } from "./cards.js";
import { Cell, type Pick } from "./cell.js";

export const CELL_W = 210;
export const CELL_H = 200;

interface RowProps {
  row: number;
  start: number;
  cards: (Card | undefined)[];
  /** The focused index when it is in this row, else -1. */
  focus: number;
  selected: ReadonlySet<number>;
  pick: (index: number, how: Pick) => void;
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
    // A page fetched again (after a bulk edit) brings new cards for the same items.
    const fresh = next.cards.some((card, col) => card !== this.props.cards[col]);
    return fresh || rowKey(next) !== rowKey(this.props);
  }

  override render() {
    const { row, start, cards, focus, selected, pick } = this.props;
    return (
      <div class="row" style={{ transform: `translateY(${row * CELL_H}px)` }}>
        {cards.map((card, col) => (
          <div class="slot" key={start + col}>
            <Cell
              card={card}
              index={start + col}
              focused={start + col === focus}
              selected={card ? card.parts.every((part) => selected.has(part.id)) : false}
              pick={pick}
            />
          </div>
        ))}
      </div>
    );
  }
}
