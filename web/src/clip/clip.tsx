import { useRef } from "preact/hooks";
import { setCamera, setColorProfile, setDesqueeze, setRating, setTrim } from "../client.js";
import { navigate } from "../router.js";
import { useWaveform } from "../use-waveform.js";
import { Facts } from "./facts.js";
import { Filmstrip } from "./filmstrip.js";
import { Labels } from "./labels.js";
import { Marks } from "./marks.js";
import { MarksPanel } from "./marks-panel.js";
import { Player } from "./player.js";
import { Recording } from "./recording.js";
import { SoundSync } from "./sound-sync.js";
import { Tags } from "./tags.js";
import { Timeline } from "./timeline.js";
import { TranscriptPane } from "./transcript-pane.js";
import { TrashButton } from "./trash-button.js";
import { useClip } from "./use-clip.js";
import { useClipActions } from "./use-clip-actions.js";
import { useClipKeys } from "./use-clip-keys.js";
import { useMarks } from "./use-marks.js";
import { useStreamSource } from "./use-stream-source.js";

/** The clip page: the player with its marks and scenes, the item's details and its transcript. */
export function Clip({ id, project, startAt }: { id: number; project: string; startAt: number | null }) {
  const clip = useClip(project, id);
  const { item } = clip;
  const video = useRef<HTMLVideoElement>(null);
  const stream = useStreamSource(project, id, item !== null && item.type !== "image");
  const act = useClipActions(project, id, video, clip.setItem, clip.setProxy);
  const marks = useMarks(project, id, act.say);
  const sound = useWaveform(project, id, item?.waveform_url);
  const addMarker = () => void marks.addMarkerAt(video.current?.currentTime ?? 0);
  // The item's start and end stand for a mark that is not set; with neither there is no range.
  const addSubclip = () => {
    if (!item || (item.in_point === null && item.out_point === null)) {
      act.say("Mark in and out first (I, O), then add the subclip");
      return;
    }
    void marks.addSubclipOf(item.in_point ?? 0, item.out_point ?? item.duration_s ?? 0);
  };
  useClipKeys(video, { mark: act.mark, addMarker, addSubclip });

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
        <div class="player">
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
            <Timeline
              item={item}
              video={video}
              peaks={sound.peaks}
              missing={sound.missing}
              markers={marks.markers}
              subclips={marks.subclips}
            />
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
        </div>
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
          <TranscriptPane segments={clip.segments} timed={clip.timed} seek={seek} />
        </aside>
      </div>
    </section>
  );
}
