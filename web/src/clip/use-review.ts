import type { RefObject } from "preact";
import { useMemo, useState } from "preact/hooks";
import { type MediaItem, type MediaQuery, setRating, setTrim } from "../client.js";
import { replace } from "../router.js";
import { rateOf, sourceTimecode } from "../timecode.js";
import type { ReviewAction } from "./review-keys.js";
import type { useClipActions } from "./use-clip-actions.js";
import { type ListPlace, useNeighbours } from "./use-neighbours.js";
import { useReviewMode } from "./use-review-mode.js";
import { useTransport } from "./use-transport.js";

interface ReviewInputs {
  project: string;
  id: number;
  item: MediaItem | null;
  video: RefObject<HTMLVideoElement | null>;
  box: RefObject<HTMLElement | null>;
  /** The library's list the clip was opened from. */
  list: MediaQuery;
  act: ReturnType<typeof useClipActions>;
  addMarker: () => void;
  addSubclip: () => void;
}

const placeOf = (state: unknown): number | null => {
  const at = (state as Partial<ListPlace> | null)?.listAt;
  return typeof at === "number" ? at : null;
};

/**
 * The review side of the clip view: the clip's rate, the shuttle and frame steps, review mode, the
 * keys dialog, the clips either side in the list, and what each key does (`run`).
 */
export function useReview({ project, id, item, video, box, list, act, addMarker, addSubclip }: ReviewInputs) {
  const rate = useMemo(() => rateOf(item?.fps_rational, item?.fps), [item?.fps_rational, item?.fps]);
  const transport = useTransport(video, rate, id);
  const mode = useReviewMode(box);
  const [help, setHelp] = useState(false);
  const neighbours = useNeighbours(project, list, id, placeOf(history.state));
  const tc = (t: number) => sourceTimecode(t, item?.start_timecode, rate);

  const setRange = (from: number, to: number) =>
    void act.edit(
      () =>
        setTrim(project, id, {
          in_point: Math.round(from * 1000) / 1000,
          out_point: Math.round(to * 1000) / 1000,
        }),
      `In and out set: ${tc(from)} – ${tc(to)}`,
    );

  /** The next (1) or previous (-1) clip of the list, opened in this entry of the history. */
  const go = (by: -1 | 1) => {
    const to = by > 0 ? neighbours.next : neighbours.prev;
    if (neighbours.looking) {
      act.say("Still finding this clip in the list");
      return;
    }
    if (!to || neighbours.at === null) {
      act.say(by > 0 ? "No next clip in the list" : "No previous clip in the list");
      return;
    }
    const params = new URLSearchParams();
    const named = new URL(location.href).searchParams.get("project");
    if (named !== null) params.set("project", named);
    if (to.match) params.set("t", String(to.match.start_s));
    const query = params.toString();
    replace(`/clip/${to.id}${query ? `?${query}` : ""}`, { listAt: neighbours.at + by } satisfies ListPlace);
  };

  const run = (action: ReviewAction) => {
    switch (action.do) {
      case "shuttle":
        return transport.press(action.key);
      case "step":
        return transport.step(action.frames);
      case "jump":
        return transport.jump(action.seconds);
      case "toggle":
        return transport.toggle();
      case "mark":
        return act.mark(action.which);
      case "clear":
        return void act.edit(
          () => setTrim(project, id, { [action.which]: null }),
          `${action.which === "in_point" ? "In" : "Out"} cleared`,
        );
      case "marker":
        return addMarker();
      case "subclip":
        return addSubclip();
      case "clip":
        return go(action.by);
      case "rate":
        return void act.edit(() => setRating(project, id, action.rating), `Rated ${action.rating}`);
      case "review":
        return mode.toggle();
      case "help":
        return setHelp(true);
    }
  };

  return { rate, transport, mode, help, setHelp, neighbours, setRange, run };
}
