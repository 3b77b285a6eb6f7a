import { useMemo } from "preact/hooks";
import type { Segment, Word } from "../client.js";
import { transcriptLines } from "./transcript-lines.js";

interface TranscriptPaneProps {
  segments: readonly Segment[];
  timed: readonly Word[];
  seek: (t: number) => void;
}

/** The transcript, every word a button that plays from when it was said. */
export function TranscriptPane({ segments, timed, seek }: TranscriptPaneProps) {
  const lines = useMemo(() => transcriptLines(segments, timed), [segments, timed]);
  return (
    <>
      <h2>Transcript</h2>
      <div class="transcript">
        {segments.length === 0 && <p>No transcript.</p>}
        {lines.map((line, i) => (
          <p key={segments[i]?.start ?? i}>
            {line.map((w, j) => (
              <button type="button" class="word" key={j} data-at={w.at} onClick={() => seek(w.at)}>
                {w.text}
              </button>
            ))}
          </p>
        ))}
      </div>
    </>
  );
}
