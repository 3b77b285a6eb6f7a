import { useMemo, useRef, useState } from "preact/hooks";
import { type MediaQuery, setCamera, setColorProfile, setDesqueeze, setRating, setTrim } from "../client.js";
import { navigate } from "../router.js";
import { useWaveform } from "../use-waveform.js";
import { Facts } from "./facts.js";
import { Filmstrip } from "./filmstrip.js";
import { transcriptHits } from "./hits.js";
import { KeysHelp } from "./keys-help.js";
import { Labels } from "./labels.js";
import { Marks } from "./marks.js";
import { MarksPanel } from "./marks-panel.js";
import { Player } from "./player.js";
import { Recording } from "./recording.js";
import { ReviewBar } from "./review-bar.js";
import { SoundSync } from "./sound-sync.js";
import { Tags } from "./tags.js";
import { Timeline } from "./timeline.js";
import { transcriptLines } from "./transcript-lines.js";
import { TranscriptPane } from "./transcript-pane.js";
import { TrashButton } from "./trash-button.js";
import { useClip } from "./use-clip.js";
import { useClipActions } from "./use-clip-actions.js";
import { useClipKeys } from "./use-clip-keys.js";
import { useMarks } from "./use-marks.js";
import { useReview } from "./use-review.js";
import { useStreamSource } from "./use-stream-source.js";
import { fitSamplesPerPixel } from "./waveform-fit.js";

interface ClipProps {
  id: number;
  project: string;
  startAt: number | null;
  /** The library's list the clip was opened from: ↑/↓ step through it, its search lights up the transcript. */
  list: MediaQuery;
}

/**
 * The clip page: the player with its timecode, timeline, marks and scenes (the whole column is
 * what full-screen review shows), the item's details and its transcript; the keys of
 * review-keys.ts work all over it.
 */
export function Clip({ id, project, startAt, list }: ClipProps) {
  const clip = useClip(project, id);
  const { item } = clip;
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLElement>(null);
  const stream = useStreamSource(project, id, item !== null && item.type !== "image");
  const act = useClipActions(project, id, video, clip.setItem, clip.setProxy);
  const marks = useMarks(project, id, act.say);
  // The strip is never wider than the screen: about one pair of peaks per device pixel of it.
  const sound = useWaveform(
    project,
    id,
    item?.waveform_url,
    fitSamplesPerPixel(item?.duration_s ?? null, screen.width * devicePixelRatio),
  );
  const [search, setSearch] = useState(list.q ?? "");
  const lines = useMemo(() => transcriptLines(clip.segments, clip.timed), [clip.segments, clip.timed]);
  const hits = useMemo(() => transcriptHits(lines, search), [lines, search]);
  const addMarker = () => void marks.addMarkerAt(video.current?.currentTime ?? 0);
  // The item's start and end stand for a mark that is not set; with neither there is no range.
  const addSubclip = () => {
    if (!item || (item.in_point === null && item.out_point === null)) {
      act.say("Mark in and out first (I, O), then add the subclip");
      return;
    }
    void marks.addSubclipOf(item.in_point ?? 0, item.out_point ?? item.duration_s ?? 0);
  };
  const review = useReview({ project, id, item, video, box, list, act, addMarker, addSubclip });
  useClipKeys(review.run);

  const seek = (t: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = t;
    void v.play().catch(() => undefined);
  };

  if (clip.error)
    return (
      <section class="clip">
        <h1>Clip {id}</h1>
        <p class="error">{clip.error}</p>
      </section>
    );
  if (!item)
    return (
      <section class="clip">
        <p>Loading…</p>
      </section>
    );
  return (
    <section class="clip" aria-label="Clip">
      <button
        type="button"
        class="link"
        onClick={() => (history.length > 1 ? history.back() : navigate("/"))}
      >
        ← Library
      </button>
      <h1>{item.name}</h1>
      <div class="clip-body">
        <section
          ref={box}
          class={review.mode.on ? `player reviewing ${review.mode.screen}` : "player"}
          aria-label="Player"
        >
          <Player
            item={item}
            video={video}
            src={stream.src}
            startAt={startAt}
            playError={stream.playError}
            onFail={() => void stream.explain()}
            onMakeProxy={() => void act.makePlaybackProxy()}
          />
          {item.type !== "image" && (
            <>
              <ReviewBar
                item={item}
                rate={review.rate}
                video={video}
                shuttle={review.transport.state}
                place={review.neighbours}
                review={review.mode.on}
                toggleReview={review.mode.toggle}
                showKeys={() => review.setHelp(true)}
              />
              <Timeline
                item={item}
                rate={review.rate}
                video={video}
                peaks={sound.peaks}
                missing={sound.missing}
                markers={marks.markers}
                subclips={marks.subclips}
                scenes={clip.scenes}
                segments={clip.segments}
                hits={hits.times}
                setRange={review.setRange}
              />
            </>
          )}
          <Marks
            item={item}
            mark={act.mark}
            clear={() =>
              void act.edit(() => setTrim(project, id, { in_point: null, out_point: null }), "Marks cleared")
            }
          />
          {act.message && (
            <p class="message" role="status">
              {act.message}
            </p>
          )}
          {item.type !== "image" && (
            <MarksPanel marks={marks} addMarker={addMarker} addSubclip={addSubclip} seek={seek} />
          )}
          <Filmstrip scenes={clip.scenes} seek={seek} />
          <KeysHelp open={review.help} close={() => review.setHelp(false)} />
        </section>
        <aside class="details">
          <Facts
            item={item}
            profiles={clip.profiles}
            setProfile={(profile) =>
              void act.edit(() => setColorProfile(project, id, profile), "Colour profile saved")
            }
            setDesqueeze={(desqueeze) =>
              void act.edit(() => setDesqueeze(project, id, desqueeze), "Desqueeze saved")
            }
            proxy={clip.proxy}
            makeProxy={() => void act.makeProxy()}
          />
          <Recording item={item} project={project} />
          <SoundSync project={project} id={id} />
          <Labels
            item={item}
            setRating={(rating) => void act.edit(() => setRating(project, id, rating), "Rating saved")}
            setCamera={(camera) => void act.edit(() => setCamera(project, id, camera), "Camera saved")}
          />
          <Tags item={item} add={act.tag} />
          <TrashButton item={item} remove={() => void act.remove()} undo={() => void act.undo()} />
          <TranscriptPane
            segments={clip.segments}
            lines={lines}
            hits={hits}
            search={search}
            setSearch={setSearch}
            seek={seek}
            setRange={review.setRange}
            makeSubclip={
              marks.markers.length > 0 || marks.subclips.length > 0
                ? (from, to) => void marks.addSubclipOf(from, to)
                : null
            }
          />
        </aside>
      </div>
    </section>
  );
}
