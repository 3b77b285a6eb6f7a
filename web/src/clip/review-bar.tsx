import type { RefObject } from "preact";
import type { MediaItem } from "../client.js";
import { type Rate, rateLabel, sourceTimecode } from "../timecode.js";
import { usePlayhead } from "../use-playhead.js";
import { type Shuttle, shuttleLabel } from "./shuttle.js";

interface ReviewBarProps {
  item: MediaItem;
  rate: Rate;
  video: RefObject<HTMLVideoElement | null>;
  shuttle: Shuttle;
  /** The clip's place in the list it was opened from: its index and the list's length. */
  place: { at: number | null; total: number };
  review: boolean;
  toggleReview: () => void;
  showKeys: () => void;
}

/** Under the picture: the source timecode at the playhead, the shuttle's speed, review mode and the keys. */
export function ReviewBar({
  item,
  rate,
  video,
  shuttle,
  place,
  review,
  toggleReview,
  showKeys,
}: ReviewBarProps) {
  const { time } = usePlayhead(video);
  const tc = (t: number | null) => (t === null ? "–" : sourceTimecode(t, item.start_timecode, rate));
  return (
    <div class="review-bar">
      <output class="timecode" data-testid="source-timecode" aria-label="Source timecode">
        {tc(time)}
      </output>
      <span class="rate">{rateLabel(rate)} fps</span>
      <output class="shuttle" aria-label="Shuttle speed">
        {shuttleLabel(shuttle)}
      </output>
      <span class="tc-marks">
        In <span data-testid="in-tc">{tc(item.in_point)}</span> · Out{" "}
        <span data-testid="out-tc">{tc(item.out_point)}</span>
      </span>
      {place.at !== null && (
        <span class="list-place">
          Clip {place.at + 1} of {place.total}
        </span>
      )}
      <button type="button" onClick={toggleReview} aria-keyshortcuts="F" aria-pressed={review}>
        Review (F)
      </button>
      <button type="button" onClick={showKeys} aria-keyshortcuts="Shift+?">
        Keys (?)
      </button>
    </div>
  );
}
