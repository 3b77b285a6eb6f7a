import { seconds } from "../api.js";
import type { MediaItem } from "../client.js";

interface MarksProps {
  item: MediaItem;
  mark: (which: "in_point" | "out_point") => void;
  clear: () => void;
}

/** The in and out marks: set at the playhead (also by I and O), shown, cleared. */
export function Marks({ item, mark, clear }: MarksProps) {
  return (
    <div class="marks">
      <button type="button" onClick={() => mark("in_point")} aria-keyshortcuts="I">
        Set in (I)
      </button>
      <button type="button" onClick={() => mark("out_point")} aria-keyshortcuts="O">
        Set out (O)
      </button>
      <span>
        In <output data-testid="in-point">{seconds(item.in_point)}</output> · Out{" "}
        <output data-testid="out-point">{seconds(item.out_point)}</output>
      </span>
      <button type="button" onClick={clear}>
        Clear
      </button>
    </div>
  );
}
