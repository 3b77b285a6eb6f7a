import type { RefObject } from "preact";
import type { MediaItem } from "../client.js";
import { Thumb } from "../thumb.js";

interface PlayerProps {
  item: MediaItem;
  video: RefObject<HTMLVideoElement | null>;
  src: string | undefined;
  /** Where to start playing (a search hit's scene), or null for the start. */
  startAt: number | null;
  playError: string | null;
  /** The video failed: find out why. */
  onFail: () => void;
  onMakeProxy: () => void;
}

/** The item played (a still shown), or why it cannot be, with the way to a playback proxy. */
export function Player({ item, video, src, startAt, playError, onFail, onMakeProxy }: PlayerProps) {
  return (
    <>
      {item.type === "image" ? (
        <Thumb src={item.thumbnail_url} alt={item.name} className="still" />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption
        <video
          ref={video}
          src={src}
          controls
          preload="metadata"
          onLoadedMetadata={() => {
            if (startAt !== null && video.current) video.current.currentTime = startAt;
          }}
          onError={onFail}
        />
      )}
      {playError && (
        <p class="error" role="alert">
          {playError}{" "}
          <button type="button" onClick={onMakeProxy}>
            Make a proxy
          </button>
        </p>
      )}
    </>
  );
}
