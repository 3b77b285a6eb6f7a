import {
  audioStreamText,
  FIELD_ORDER_TEXT,
  fpsText,
  geometryText,
  sequenceText,
  slateText,
} from "../camera-text.js";
import type { MediaItem } from "../client.js";

/**
 * What a camera original is, as rows of the facts list: its picture (coded and displayed),
 * rate, start timecode with where it was read, sound streams, slate, image sequence and the
 * camera-made proxy standing in for it (the spanned recording it is part of has its own section:
 * recording.tsx). A row the item has nothing for is left out. Every flag is a word, never a
 * colour alone.
 */
export function CameraFacts({ item }: { item: MediaItem }) {
  const geometry = geometryText(item);
  const fps = fpsText(item);
  return (
    <>
      {(geometry || item.hdr) && (
        <>
          <dt>Picture</dt>
          <dd data-testid="picture">
            {geometry ?? "–"}
            {item.hdr && " "}
            {item.hdr && <span class="badge">HDR {item.hdr.toUpperCase()}</span>}
          </dd>
        </>
      )}
      {(fps || item.field_order) && (
        <>
          <dt>Rate</dt>
          <dd data-testid="rate">
            {fps && <span title={item.fps_rational ?? undefined}>{fps}</span>}
            {item.vfr && " "}
            {item.vfr && (
              <span class="badge" title="variable frame rate">
                VFR
              </span>
            )}
            {item.field_order && <span> · {FIELD_ORDER_TEXT[item.field_order]}</span>}
          </dd>
        </>
      )}
      {item.start_timecode && (
        <>
          <dt>Timecode</dt>
          <dd data-testid="timecode">
            <span class="tc">{item.start_timecode}</span>
            {item.timecode_source && <span class="muted"> from {item.timecode_source}</span>}
            {item.timecode_conflicts.length > 0 && (
              <ul class="plain" aria-label="Sources that disagree">
                {item.timecode_conflicts.map((c) => (
                  <li key={c.source}>
                    {c.source} says <span class="tc">{c.timecode}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </>
      )}
      {item.audio_streams.length > 0 && (
        <>
          <dt>Sound</dt>
          <dd>
            <ul class="plain" aria-label="Sound streams" data-testid="sound">
              {item.audio_streams.map((stream, i) => (
                <li key={i}>
                  {audioStreamText(stream)}
                  {stream.names.length > 0 && <span class="muted"> — {stream.names.join(", ")}</span>}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      {item.slate && (
        <>
          <dt>Slate</dt>
          <dd data-testid="slate">
            {slateText(item.slate)}
            {item.slate.circled && " "}
            {item.slate.circled && <span class="badge">★ circled</span>}
          </dd>
        </>
      )}
      {item.sequence && (
        <>
          <dt>Sequence</dt>
          <dd data-testid="sequence">
            <code>{item.path}</code> · {sequenceText(item.sequence)}
          </dd>
        </>
      )}
      {item.camera_proxy && (
        <>
          <dt>Camera proxy</dt>
          <dd>
            <code>{item.camera_proxy}</code>
          </dd>
        </>
      )}
    </>
  );
}
