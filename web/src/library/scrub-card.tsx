import { useState } from "preact/hooks";
import { seconds } from "../api.js";
import type { MediaItem } from "../client.js";
import { Thumb, useImageUrl } from "../thumb.js";
import { type ScrubView, scrubView } from "./scrub.js";

/** A flag over the picture for a file that cannot be shown as it is: in words, never a colour alone. */
const flagOf = (item: MediaItem) =>
  item.missing ? "missing" : item.status === "needs_proxy" ? "needs proxy" : null;

/**
 * A card's picture that scrubs through the clip: moving a mouse or pen across it shows the sprite
 * frame under the pointer and the time there; leaving shows the thumbnail again. Touch does
 * nothing (a finger on a card is a tap to open it), nor does keyboard focus.
 */
export function ScrubThumb({ item, src }: { item: MediaItem; src: string | null }) {
  const { sprite } = item;
  const [view, setView] = useState<ScrubView | null>(null);
  const url = useImageUrl(sprite?.url ?? null, view !== null);
  const flag = flagOf(item);
  const move = (event: PointerEvent) => {
    if (!sprite || event.pointerType === "touch") return;
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    setView(scrubView(sprite, item.duration_s, (event.clientX - box.left) / box.width));
  };
  return (
    <span class="scrub-area" onPointerMove={move} onPointerLeave={() => setView(null)}>
      <Thumb src={src} alt="" className="cell-img" />
      {view && url && sprite && (
        <span
          class="scrub-frame"
          data-frame={view.index}
          style={{
            aspectRatio: `${sprite.frame_width} / ${sprite.frame_height}`,
            backgroundImage: `url("${url}")`,
            backgroundSize: view.size,
            backgroundPosition: view.position,
          }}
        />
      )}
      {view && <span class="scrub-time">{seconds(view.timeS)}</span>}
      {flag && <span class="badge scrub-flag">{flag}</span>}
    </span>
  );
}
