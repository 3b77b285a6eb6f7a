import { MarkerList, SubclipList } from "./mark-list.js";
import type { useMarks } from "./use-marks.js";

interface MarksPanelProps {
  marks: ReturnType<typeof useMarks>;
  /** Adds a marker at the playhead (as M does). */
  addMarker: () => void;
  /** Adds a subclip of the in–out range (as Shift+M does). */
  addSubclip: () => void;
  seek: (t: number) => void;
}

/** The item's markers and subclips under the timeline: the buttons that add them and their lists. */
export function MarksPanel({ marks, addMarker, addSubclip, seek }: MarksPanelProps) {
  return (
    <section class="marks-panel" aria-label="Markers and subclips">
      <div class="marks">
        <button type="button" onClick={addMarker} aria-keyshortcuts="M">
          Add marker (M)
        </button>
        <button type="button" onClick={addSubclip} aria-keyshortcuts="Shift+M">
          Subclip from in/out (Shift+M)
        </button>
      </div>
      <h2>Markers</h2>
      <MarkerList
        markers={marks.markers}
        added={marks.added}
        seek={seek}
        change={marks.changeMarker}
        remove={(id) => void marks.removeMarker(id)}
      />
      <h2>Subclips</h2>
      <SubclipList
        subclips={marks.subclips}
        seek={seek}
        change={marks.changeSubclip}
        remove={(id) => void marks.removeSubclip(id)}
      />
    </section>
  );
}
