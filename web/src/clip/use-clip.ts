import { useEffect, useState } from "preact/hooks";
import {
  colorProfiles,
  editorProxy,
  type MediaItem,
  mediaDetail,
  type ProxyItem,
  type Scene,
  type Segment,
  scenes as scenesOf,
  segments as segmentsOf,
  type Word,
  words as wordsOf,
} from "../client.js";

/**
 * Everything the clip page shows of one item, read again when the item or project changes: the
 * item (its error when it cannot be read), scenes, segments and word timings, its editor proxy and
 * the colour profiles to choose from. Those other than the item are empty when they cannot be read.
 */
export function useClip(project: string, id: number) {
  const [item, setItem] = useState<MediaItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scenes, setScenes] = useState<Scene[]>([]);
  const [segments, setSegments] = useState<Segment[]>([]);
  const [timed, setTimed] = useState<Word[]>([]);
  const [proxy, setProxy] = useState<ProxyItem | null>(null);
  const [profiles, setProfiles] = useState<{ id: string; name: string }[]>([]);

  useEffect(() => {
    setItem(null);
    setError(null);
    mediaDetail(project, id).then(setItem, (e: unknown) => setError((e as Error).message));
    scenesOf(project, id).then(setScenes, () => setScenes([]));
    segmentsOf(project, id).then(setSegments, () => setSegments([]));
    wordsOf(project, id).then(
      (body) => setTimed(body.words),
      () => setTimed([]),
    );
    editorProxy(project, id).then(setProxy, () => setProxy(null));
    colorProfiles().then(
      (body) => setProfiles(body.profiles),
      () => setProfiles([]),
    );
  }, [id, project]);

  return { item, setItem, error, scenes, segments, timed, proxy, setProxy, profiles };
}
