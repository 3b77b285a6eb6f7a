import { type AleHeading, type AleRow, aleAudioFormat, aleVideoFormat, writeAle } from "../../formats/ale.js";
import { framesToTimecode, rateLabel } from "../../formats/timecode.js";
import { clipLabel, hasPicture, hasSound, sourceLength, type TimelineClip } from "../../formats/timeline.js";
import type { BuiltTimeline } from "./build.js";
import { entrySlate, selectRows } from "./selects.js";

/** Media Composer's most audio tracks. */
const MAX_AUDIO_TRACKS = 64;

/** `V`, `A1A2`, `VA1A2`…: the picture, then a track per audio channel of the file itself. */
function tracksOf(clip: TimelineClip): string {
  const channels = hasSound(clip)
    ? Math.min(MAX_AUDIO_TRACKS, clip.audioTracks * Math.max(1, clip.audioChannels))
    : 0;
  const audio = Array.from({ length: channels }, (_, i) => `A${i + 1}`).join("");
  return `${hasPicture(clip) ? "V" : ""}${audio}`;
}

/** The Heading's facts: the first picture clip's size, the first sound's rate, the timeline's rate. */
function headingOf(built: BuiltTimeline): AleHeading {
  const clips = built.timeline.clips;
  const picture = clips.find((clip) => clip.kind === "video") ?? clips.find(hasPicture);
  const sound = clips.find(hasSound);
  return {
    videoFormat: picture ? aleVideoFormat(picture.width, picture.height) : "1080",
    audioFormat: aleAudioFormat(sound?.audioRate ?? 48_000),
    fps: rateLabel(built.timeline.rate),
  };
}

/**
 * An ALE of a timeline built with its subclips: a row per placed clip (an item's select, each
 * subclip), in the file's own timecode at its own rate. Scene, take, camera, rating, comments and
 * markers are the selects log's; tape is the slate's, angle the item's, tags its tag names.
 */
export function aleRows(built: BuiltTimeline): AleRow[] {
  const selects = selectRows(built);
  return built.placed.map(({ entry, clip }, i) => {
    const select = selects[i] as (typeof selects)[number];
    return {
      name: clipLabel(clip),
      tracks: tracksOf(clip),
      start: select.inTc,
      end: select.outTc,
      duration: framesToTimecode(sourceLength(clip), clip.sourceRate, clip.dropFrame),
      tape: entrySlate(entry)?.tape ?? "",
      sourceFile: entry.row.name,
      scene: select.scene,
      take: select.take,
      camera: select.camera,
      angle: entry.row.angle ?? "",
      comments: select.note,
      rating: select.rating,
      tags: entry.tags ?? [],
      markers: select.markers,
    };
  });
}

export const writeAleFile = (built: BuiltTimeline): string => writeAle(headingOf(built), aleRows(built));
