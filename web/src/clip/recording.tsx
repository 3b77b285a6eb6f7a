import { seconds } from "../api.js";
import { missingPartsText } from "../camera-text.js";
import type { MediaItem } from "../client.js";
import { navigate } from "../router.js";
import { useRecording } from "./use-recording.js";

type Span = NonNullable<MediaItem["span"]>;

/** One line of the parts list: a part present (a link to its clip), or one its names tell is absent. */
type Line = { index: number; part: MediaItem } | { index: number; part: null };

/** The parts present and the missing ones named, by their place in the recording. */
function linesOf(span: Span, parts: readonly MediaItem[]): Line[] {
  const lines: Line[] = parts.map((part) => ({ index: part.span?.index ?? 0, part }));
  for (const index of span.missing) lines.push({ index, part: null });
  return lines.sort((a, b) => a.index - b.index);
}

/**
 * The spanned recording this item is a part of: its whole duration and start timecode, and every
 * part (read with `?span=`) with its place, duration and start timecode, this one marked, the
 * others linked, and the parts the file names tell of that are not there named.
 */
export function Recording({ item, project }: { item: MediaItem; project: string }) {
  const span = item.span;
  const { parts, error } = useRecording(project, span?.id ?? null);
  if (!span) return null;
  const suffix = project ? `?project=${encodeURIComponent(project)}` : "";
  const missing = missingPartsText(span.missing);
  return (
    <section class="recording" aria-labelledby="recording-title" data-testid="recording">
      <h2 id="recording-title">Recording</h2>
      <p data-testid="recording-summary">
        part {span.index} of {span.count} · {seconds(span.duration_s)} in all
        {span.start_timecode && (
          <>
            {" "}
            · starts <span class="tc">{span.start_timecode}</span>
          </>
        )}
        {missing && (
          <>
            {" "}
            · <span class="warning">{missing}</span>
          </>
        )}
      </p>
      {error && <p class="error">{error}</p>}
      {parts && (
        <ol class="plain parts" aria-label="Parts of the recording">
          {linesOf(span, parts.items).map(({ index, part }) => (
            <li key={part ? `p${part.id}` : `m${index}`}>
              {`${index}. `}
              {part === null ? (
                <span class="warning">missing: no file for this part</span>
              ) : part.id === item.id ? (
                <strong aria-current="page">{part.name}</strong>
              ) : (
                <a
                  href={`/clip/${part.id}${suffix}`}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(`/clip/${part.id}${suffix}`);
                  }}
                >
                  {part.name}
                </a>
              )}
              {part && (
                <span class="muted">
                  {" "}
                  · {seconds(part.duration_s)}
                  {part.start_timecode && (
                    <>
                      {" "}
                      · <span class="tc">{part.start_timecode}</span>
                    </>
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {parts && parts.total > parts.items.length && (
        <p class="muted">{`${parts.items.length} of ${parts.total} parts listed`}</p>
      )}
    </section>
  );
}
