import { Fragment } from "preact";
import { useRef, useState } from "preact/hooks";
import { seconds } from "../api.js";
import type { Segment } from "../client.js";
import type { Hits } from "./hits.js";
import type { Spoken } from "./transcript-lines.js";

interface TranscriptPaneProps {
  segments: readonly Segment[];
  lines: readonly (readonly Spoken[])[];
  hits: Hits;
  search: string;
  setSearch: (text: string) => void;
  seek: (t: number) => void;
  /** Marks in and out around a selected passage. */
  setRange: (from: number, to: number) => void;
  /** Makes a subclip of a selected passage: offered only when the item has markers or subclips. */
  makeSubclip: ((from: number, to: number) => void) | null;
}

/** The first and last word a text selection touches in `box`, as a time range. */
function selectedPassage(box: HTMLElement): [number, number] | null {
  const selection = getSelection();
  if (!selection || selection.isCollapsed) return null;
  const words = [...box.querySelectorAll<HTMLElement>(".word")].filter((w) =>
    selection.containsNode(w, true),
  );
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return null;
  return [Number(first.dataset.at), Number(last.dataset.end)];
}

/**
 * The transcript as a way into the clip: a search lights up the words it finds (here and on the
 * timeline), a click on a word plays from when it was said, and a passage selected with the
 * mouse marks in and out around it (and can become a subclip). A word is plain text to select;
 * each line has a play button, the keyboard's way to a place in it.
 */
export function TranscriptPane(props: TranscriptPaneProps) {
  const { segments, lines, hits, search, setSearch, seek, setRange, makeSubclip } = props;
  const box = useRef<HTMLDivElement>(null);
  const [passage, setPassage] = useState<[number, number] | null>(null);
  const took = () => {
    const range = box.current ? selectedPassage(box.current) : null;
    if (!range || (passage && range[0] === passage[0] && range[1] === passage[1])) return;
    setPassage(range);
    setRange(range[0], range[1]);
  };
  return (
    <section aria-labelledby="transcript-title">
      <h2 id="transcript-title">Transcript</h2>
      <div class="transcript-search">
        <input
          type="search"
          aria-label="Search the transcript"
          placeholder="Find words"
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
        {search.trim() !== "" && (
          <output>
            {hits.times.length} {hits.times.length === 1 ? "hit" : "hits"}
          </output>
        )}
      </div>
      {passage && makeSubclip && (
        <button type="button" onClick={() => makeSubclip(passage[0], passage[1])}>
          Make subclip of the selected passage
        </button>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on a word seeks and a selection is read on release; the keyboard's way in is each line's play button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div
        class="transcript"
        ref={box}
        onMouseUp={took}
        onClick={(e) => {
          const word = (e.target as HTMLElement).closest<HTMLElement>(".word");
          if (word && getSelection()?.isCollapsed !== false) seek(Number(word.dataset.at));
        }}
      >
        {segments.length === 0 && <p>No transcript.</p>}
        {lines.map((line, i) => (
          <p key={segments[i]?.start ?? i}>
            <button
              type="button"
              class="line-play"
              aria-label={`Play the line from ${seconds(line[0]?.at ?? segments[i]?.start ?? 0)}`}
              onClick={() => seek(line[0]?.at ?? segments[i]?.start ?? 0)}
            >
              ▶
            </button>{" "}
            {line.map((w, j) => (
              // Plain text, not buttons: a focusable element cannot start a text selection, and
              // selecting a passage is a gesture here.
              <Fragment key={j}>
                <span class={hits.marked[i]?.[j] ? "word hit" : "word"} data-at={w.at} data-end={w.end}>
                  {w.text}
                </span>{" "}
              </Fragment>
            ))}
          </p>
        ))}
      </div>
    </section>
  );
}
