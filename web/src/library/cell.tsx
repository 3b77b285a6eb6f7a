import { seconds } from "../api.js";
import { missingPartsText, slateShort } from "../camera-text.js";
import type { MediaItem } from "../client.js";
import { navigate } from "../router.js";
import type { Card } from "./cards.js";
import { ScrubThumb } from "./scrub-card.js";

/** How a click or key picks a card: ticks or unticks it alone, or ticks every card from the last one picked. */
export type Pick = "toggle" | "range";

export interface CellProps {
  card: Card | undefined;
  index: number;
  /** Every part of the card is ticked. */
  selected: boolean;
  focused: boolean;
  pick: (index: number, how: Pick) => void;
}

/** Shift picks a range, Ctrl (⌘ on a Mac) one card; null for a plain click. */
const pickOf = (e: MouseEvent): Pick | null =>
  e.shiftKey ? "range" : e.ctrlKey || e.metaKey ? "toggle" : null;

/**
 * What a card says of a camera original over its picture: an image sequence's frame count, the
 * parts of a spanned recording (how many it has, or which one this is when it stands alone), the
 * slate.
 */
function Badges({ item, parts }: { item: MediaItem; parts: number }) {
  const slate = slateShort(item.slate);
  if (!item.sequence && !item.span && !slate) return null;
  return (
    <span class="cell-badges">
      {item.sequence && (
        <span class="badge" title={`image sequence ${item.path}`}>
          {item.sequence.count.toLocaleString("en")} frames
        </span>
      )}
      {item.span && parts > 1 && (
        <span class="badge" title={`one recording in ${item.span.count} files, ${parts} of them listed here`}>
          {item.span.count} parts
        </span>
      )}
      {item.span && parts === 1 && (
        <span class="badge" title={`part ${item.span.index} of ${item.span.count} of one recording`}>
          {item.span.index}/{item.span.count}
        </span>
      )}
      {slate && (
        <span class="badge" title="slate: scene and take">
          {slate}
          {item.slate?.circled ? " ★" : ""}
        </span>
      )}
    </span>
  );
}

const stageOf = (item: MediaItem) =>
  item.missing
    ? "missing"
    : item.status === "failed"
      ? `failed at ${item.failed_stage ?? "?"}`
      : item.status === "needs_proxy"
        ? "needs proxy"
        : item.status;

/** What the parts of a card have in common, or each different value once: "done · failed at probe". */
const shared = (parts: readonly MediaItem[], of: (item: MediaItem) => string | null) =>
  [...new Set(parts.map(of))].filter((value) => value !== null).join(" · ") || null;

/**
 * One card of the grid (a placeholder until its page arrives): opens the clip (a search's matching
 * part at its scene), or with Ctrl/⌘ ticks it and with Shift ticks the range up to it. A
 * recording's card shows its first part listed, with the whole recording's duration and start
 * timecode, and ticks all its parts at once.
 */
export function Cell({ card, index, focused, selected, pick }: CellProps) {
  if (!card) return <div class="cell loading" aria-hidden="true" />;
  const { lead: item, parts, hit } = card;
  const recording = parts.length > 1 ? item.span : null;
  const open = (e: MouseEvent) => {
    const how = pickOf(e);
    if (how) {
      e.preventDefault();
      pick(index, how);
      return;
    }
    const shown = hit ?? item;
    const at = shown.match ? `?t=${shown.match.start_s}` : "";
    navigate(`/clip/${shown.id}${at}`);
  };
  const stages = shared(parts, stageOf) ?? "";
  const reasons = shared(parts, (part) => part.status_reason);
  const rating = shared(parts, (part) => part.rating);
  const tags = [...new Set(parts.flatMap((part) => part.tags.map((t) => t.name)))];
  const missingParts = item.span ? missingPartsText(item.span.missing) : null;
  return (
    <div class={`cell${focused ? " focused" : ""}`} data-id={item.id}>
      <button
        type="button"
        class="cell-open"
        tabIndex={focused ? 0 : -1}
        data-index={index}
        onClick={open}
        title={item.name}
      >
        <ScrubThumb item={item} src={hit?.match?.keyframe_url ?? item.thumbnail_url} />
        <Badges item={item} parts={parts.length} />
        <span class="cell-name">{item.name}</span>
        <span class="cell-meta">
          <span>{seconds(recording ? recording.duration_s : item.duration_s)}</span>
          {(recording ?? item).start_timecode && <span class="tc">{(recording ?? item).start_timecode}</span>}
          {hit?.match && (
            <span class="match">
              {recording && `part ${hit.span?.index} `}scene {hit.match.scene_index} @{" "}
              {seconds(hit.match.start_s)}
            </span>
          )}
          {rating && <span class="rating">rated {rating}</span>}
          {/* A file that needs a proxy says why in its title. */}
          <span
            class={`status${parts.every((part) => part.status === item.status) ? ` status-${item.status}` : ""}`}
            title={reasons ?? undefined}
          >
            {stages}
          </span>
          {missingParts && <span class="warning">{missingParts}</span>}
        </span>
        <span class="cell-tags">{tags.slice(0, 4).join(" · ")}</span>
      </button>
      <input
        type="checkbox"
        class="pick"
        checked={selected}
        aria-label={
          recording ? `Select ${item.name} and the other parts of its recording` : `Select ${item.name}`
        }
        tabIndex={-1}
        onClick={(e) => pick(index, e.shiftKey ? "range" : "toggle")}
      />
    </div>
  );
}
