import { seconds } from "../api.js";
import { slateShort } from "../camera-text.js";
import type { MediaItem } from "../client.js";
import { navigate } from "../router.js";
import { Thumb } from "../thumb.js";

export interface CellProps {
  item: MediaItem | undefined;
  index: number;
  focused: boolean;
  selected: boolean;
  toggle: (id: number) => void;
}

/**
 * What a card says of a camera original over its picture: an image sequence's frame count, the
 * part of a spanned recording, the slate.
 */
function Badges({ item }: { item: MediaItem }) {
  const slate = slateShort(item.slate);
  if (!item.sequence && !item.span && !slate) return null;
  return (
    <span class="cell-badges">
      {item.sequence && (
        <span class="badge" title={`image sequence ${item.path}`}>
          {item.sequence.count.toLocaleString("en")} frames
        </span>
      )}
      {item.span && (
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

/** One item of the grid (a placeholder until its page arrives): opens the clip, ticks for export. */
export function Cell({ item, index, focused, selected, toggle }: CellProps) {
  if (!item) return <div class="cell loading" aria-hidden="true" />;
  const open = () => {
    const at = item.match ? `?t=${item.match.start_s}` : "";
    navigate(`/clip/${item.id}${at}`);
  };
  const stages = item.missing
    ? "missing"
    : item.status === "failed"
      ? `failed at ${item.failed_stage ?? "?"}`
      : item.status === "needs_proxy"
        ? "needs proxy"
        : item.status;
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
        <Thumb src={item.match?.keyframe_url ?? item.thumbnail_url} alt="" className="cell-img" />
        <Badges item={item} />
        <span class="cell-name">{item.name}</span>
        <span class="cell-meta">
          <span>{seconds(item.duration_s)}</span>
          {item.match && (
            <span class="match">
              scene {item.match.scene_index} @ {seconds(item.match.start_s)}
            </span>
          )}
          {item.rating && <span class="rating">rated {item.rating}</span>}
          {/* A file that needs a proxy says why in its title. */}
          <span class={`status status-${item.status}`} title={item.status_reason ?? undefined}>
            {stages}
          </span>
        </span>
        <span class="cell-tags">
          {item.tags
            .slice(0, 4)
            .map((t) => t.name)
            .join(" · ")}
        </span>
      </button>
      <input
        type="checkbox"
        class="pick"
        checked={selected}
        aria-label={`Select ${item.name}`}
        tabIndex={-1}
        onClick={() => toggle(item.id)}
      />
    </div>
  );
}
