import { useRef, useState } from "preact/hooks";
import { useStreamSource } from "../clip/use-stream-source.js";
import { navigate } from "../router.js";
import { useItems } from "../use-items.js";
import { usePlayhead } from "../use-playhead.js";
import { useWaveform } from "../use-waveform.js";
import { AlignedWaveforms } from "./aligned-waveforms.js";
import { channelsText, confidenceText, offsetSeconds, offsetText } from "./offset.js";
import { usePair } from "./use-pair.js";
import { usePairKeys } from "./use-pair-keys.js";
import { useSyncedSound } from "./use-synced-sound.js";

// How much of the clip the waveforms show: all of it, or a few seconds around the playhead to see
// a frame's nudge.
const ZOOMS: [number, string][] = [
  [0, "Whole clip"],
  [10, "10 s"],
  [2, "2 s"],
];

/**
 * The window of `span` seconds that holds `time`, turned a page at a time (not scrolled every
 * frame) as the playhead leaves it; the whole clip when `span` is 0 or longer than it.
 */
function windowAt(time: number, span: number, duration: number): [number, number] {
  if (span <= 0 || span >= duration) return [0, duration];
  const from = Math.min(duration - span, Math.floor(time / span) * span);
  return [from, from + span];
}

interface PairViewProps {
  project: string;
  camera: number;
  sound: number;
}

/**
 * One pair under review: the camera picture (muted) played with the recorder's sound kept in step
 * at the pair's offset, both waveforms aligned by it, the nudge and the decision.
 */
export function PairView({ project, camera, sound }: PairViewProps) {
  const review = usePair(project, camera, sound);
  const items = useItems(project, [camera, sound]);
  const cameraItem = items.get(camera);
  const soundItem = items.get(sound);
  const picture = useStreamSource(project, camera, true);
  const recording = useStreamSource(project, sound, true);
  const cameraPeaks = useWaveform(project, camera, cameraItem?.waveform_url);
  const soundPeaks = useWaveform(project, sound, soundItem?.waveform_url);
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const offsetS = review.pair ? offsetSeconds(review.pair) : 0;
  useSyncedSound(video, audio, offsetS);
  const playhead = usePlayhead(video);
  usePairKeys(review.nudge, review.decide);

  const cameraName = cameraItem?.name ?? `item ${camera}`;
  const soundName = soundItem?.name ?? `item ${sound}`;
  const duration = cameraItem?.duration_s ?? playhead.duration ?? 0;
  const frame = cameraItem?.fps ? 1 / cameraItem.fps : 0.04;
  const scrub = (t: number) => {
    const v = video.current;
    if (v) v.currentTime = Math.min(duration, Math.max(0, t));
  };
  const { pair } = review;
  const [zoom, setZoom] = useState(0);
  const [from, to] = windowAt(playhead.time, zoom, duration);

  return (
    <section class="pair" aria-label="Sync pair">
      <button type="button" class="link" onClick={() => navigate("/sync")}>
        ← Sync
      </button>
      <h1>
        {cameraName} ↔ {soundName}
      </h1>
      {review.error && <p class="error">{review.error}</p>}
      <div class="pair-player">
        <video
          ref={video}
          src={picture.src}
          muted
          controls
          preload="metadata"
          onError={() => void picture.explain()}
        />
        {/* biome-ignore lint/a11y/useMediaCaption: no controls: it plays only with the picture */}
        <audio ref={audio} src={recording.src} preload="auto" onError={() => void recording.explain()} />
        {picture.playError && <p class="error">Picture: {picture.playError}</p>}
        {recording.playError && <p class="error">Sound: {recording.playError}</p>}
      </div>
      <label>
        Waveforms{" "}
        <select value={zoom} onChange={(e) => setZoom(Number(e.currentTarget.value))}>
          {ZOOMS.map(([span, label]) => (
            <option key={span} value={span}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <AlignedWaveforms
        camera={{ ...cameraPeaks, label: `Camera scratch: ${cameraName}` }}
        sound={{ ...soundPeaks, label: `Recorder: ${soundName}` }}
        from={from}
        to={to}
        offsetS={offsetS}
        time={playhead.time}
        scrub={scrub}
        frame={frame}
      />
      {pair && (
        <>
          <dl class="facts">
            <dt>Offset</dt>
            <dd data-testid="offset">{offsetText(pair)}</dd>
            <dt>Method</dt>
            <dd>{pair.method}</dd>
            <dt>Confidence</dt>
            <dd>{confidenceText(pair)}</dd>
            <dt>State</dt>
            <dd data-testid="state">{pair.state}</dd>
            <dt>Channels</dt>
            <dd>{channelsText(pair)}</dd>
            {pair.reason && (
              <>
                <dt>Reason</dt>
                <dd>{pair.reason}</dd>
              </>
            )}
          </dl>
          <div class="marks">
            <button type="button" onClick={() => review.nudge(-1)} aria-keyshortcuts=",">
              −1 frame (,)
            </button>
            <button type="button" onClick={() => review.nudge(1)} aria-keyshortcuts=".">
              +1 frame (.)
            </button>
            <button type="button" onClick={() => review.decide("accepted")} aria-keyshortcuts="A">
              Accept (A)
            </button>
            <button type="button" onClick={() => review.decide("rejected")} aria-keyshortcuts="R">
              Reject (R)
            </button>
          </div>
        </>
      )}
      {review.message && (
        <p class="message" role="status">
          {review.message}
        </p>
      )}
    </section>
  );
}
