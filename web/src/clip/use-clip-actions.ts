import type { RefObject } from "preact";
import { type Dispatch, type StateUpdater, useState } from "preact/hooks";
import { seconds } from "../api.js";
import {
  addTag,
  deleteMedia,
  editorProxy,
  type MediaItem,
  makeEditorProxies,
  mediaDetail,
  type ProxyItem,
  restoreFromTrash,
  setTrim,
  startIngest,
} from "../client.js";

/**
 * What the clip page does to its item, each saying how it went in `message`: edits answered
 * with the item, in and out marks at the playhead, proxies, the trash and back, tags.
 */
export function useClipActions(
  project: string,
  id: number,
  video: RefObject<HTMLVideoElement | null>,
  setItem: Dispatch<StateUpdater<MediaItem | null>>,
  setProxy: (proxy: ProxyItem | null) => void,
) {
  const [message, setMessage] = useState<string | null>(null);
  const failed = (e: unknown) => setMessage((e as Error).message);

  /** An edit the API answers with the item as it now is. */
  const edit = async (change: () => Promise<MediaItem>, done: string) => {
    try {
      setItem(await change());
      setMessage(done);
    } catch (e) {
      failed(e);
    }
  };

  const mark = (which: "in_point" | "out_point") => {
    const t = video.current?.currentTime ?? 0;
    void edit(
      () => setTrim(project, id, { [which]: Math.round(t * 1000) / 1000 }),
      `${which === "in_point" ? "In" : "Out"} set at ${seconds(t)}`,
    );
  };

  const makeProxy = async () => {
    setMessage("Making an editor proxy…");
    setProxy({ id, status: "encoding" });
    try {
      await makeEditorProxies(project, [id]);
      setMessage("Editor proxy ready");
    } catch (e) {
      failed(e);
    }
    editorProxy(project, id).then(setProxy, () => setProxy(null));
  };

  // The playback proxy is an ingest stage: a pass makes every one that is pending.
  const makePlaybackProxy = async () => {
    try {
      await startIngest(project);
      setMessage("An ingest pass is making the playback proxy; reload the clip once it is done");
    } catch (e) {
      failed(e);
    }
  };

  const remove = async () => {
    try {
      await deleteMedia(project, id);
      setMessage("Moved to the trash");
      setItem((it) => (it ? { ...it, missing: true } : it));
    } catch (e) {
      failed(e);
    }
  };

  const undo = async () => {
    try {
      await restoreFromTrash(project, id);
      setMessage("Restored from the trash");
      setItem(await mediaDetail(project, id));
    } catch (e) {
      failed(e);
    }
  };

  /** Adds a manual tag and reads the item again; true once added. */
  const tag = (name: string): Promise<boolean> =>
    addTag(project, id, name)
      .then(() => mediaDetail(project, id))
      .then(
        (it) => {
          setItem(it);
          return true;
        },
        (e: unknown) => {
          failed(e);
          return false;
        },
      );

  return { message, say: setMessage, edit, mark, makeProxy, makePlaybackProxy, remove, undo, tag };
}
