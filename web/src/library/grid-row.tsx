import { Component } from "preact";
import type { MediaItem } from "../client.js";
import { Cell } from "./cell.js";

export const CELL_W = 210;
export const CELL_H = 200;

interface RowProps {
  row: number;
  start: number;
  items: (MediaItem | undefined)[];
  /** The focused index when it is in this row, else -1. */
  focus: number;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
}

/** What a row shows: a row whose items, focus and ticks are unchanged is not rendered again while the grid scrolls. */
const rowKey = (p: RowProps) =>
  `${p.row}:${p.focus}:${p.items.map((it) => (it ? `${it.id}${p.selected.has(it.id) ? "+" : ""}` : "_")).join(",")}`;

/** One row of the grid, placed at its offset in the scrolled space. */
export class GridRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    return rowKey(next) !== rowKey(this.props);
  }

  override render() {
    const { row, start, items, focus, selected, toggle } = this.props;
    return (
      <div class="row" style={{ transform: `translateY(${row * CELL_H}px)` }}>
        {items.map((it, col) => (
          <div class="slot" key={start + col}>
            <Cell
              item={it}
              index={start + col}
              focused={start + col === focus}
              selected={it ? selected.has(it.id) : false}
              toggle={toggle}
            />
          </div>
        ))}
      </div>
    );
  }
}
