import { useEffect, useState } from "preact/hooks";
import { seconds } from "../api.js";
import {
  addMarker,
  addSubclip,
  deleteMarker,
  deleteSubclip,
  editMarker,
  editSubclip,
  type MarkChange,
  type Marker,
  markers as markersOf,
  type Subclip,
  subclips as subclipsOf,
} from "../client.js";

const byStart = <T extends { start_s: number; id: number }>(a: T, b: T) =>
  a.start_s - b.start_s || a.id - b.id;

/**
 * An item's markers and subclips, kept in time order as the API answers each change, and the
 * marker just added (its note field takes the focus). `say` reports how each change went.
 */
export function useMarks(project: string, id: number, say: (message: string) => void) {
  const [markers, setMarkers] = useState<Marker[]>([]);
  const [subclips, setSubclips] = useState<Subclip[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const failed = (e: unknown) => say((e as Error).message);

  useEffect(() => {
    setMarkers([]);
    setSubclips([]);
    markersOf(project, id).then(
      (body) => setMarkers(body.items),
      () => setMarkers([]),
    );
    subclipsOf(project, id).then(
      (body) => setSubclips(body.items),
      () => setSubclips([]),
    );
  }, [project, id]);

  const put = <T extends { id: number; start_s: number }>(list: T[], one: T) =>
    [...list.filter((x) => x.id !== one.id), one].sort(byStart);

  const addMarkerAt = async (t: number) => {
    try {
      const made = await addMarker(project, id, { start_s: Math.round(t * 1000) / 1000 });
      setMarkers((list) => put(list, made));
      setAdded(made.id);
      say(`Marker added at ${seconds(made.start_s)}`);
    } catch (e) {
      failed(e);
    }
  };

  /** True once saved. */
  const changeMarker = async (markerId: number, change: MarkChange) => {
    try {
      const changed = await editMarker(project, markerId, change);
      setMarkers((list) => put(list, changed));
      say("Marker saved");
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  };

  const removeMarker = async (markerId: number) => {
    try {
      await deleteMarker(project, markerId);
      setMarkers((list) => list.filter((m) => m.id !== markerId));
      say("Marker deleted");
    } catch (e) {
      failed(e);
    }
  };

  /** A subclip of the range marked in and out (the item's start and end where one is unset). */
  const addSubclipOf = async (start: number, end: number) => {
    try {
      const made = await addSubclip(project, id, { start_s: start, end_s: end });
      setSubclips((list) => put(list, made));
      say(`Subclip added from ${seconds(made.start_s)} to ${seconds(made.end_s)}`);
    } catch (e) {
      failed(e);
    }
  };

  /** True once saved. */
  const changeSubclip = async (subclipId: number, change: Omit<MarkChange, "kind">) => {
    try {
      const changed = await editSubclip(project, subclipId, change);
      setSubclips((list) => put(list, changed));
      say("Subclip saved");
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  };

  const removeSubclip = async (subclipId: number) => {
    try {
      await deleteSubclip(project, subclipId);
      setSubclips((list) => list.filter((s) => s.id !== subclipId));
      say("Subclip deleted");
    } catch (e) {
      failed(e);
    }
  };

  return {
    markers,
    subclips,
    added,
    addMarkerAt,
    changeMarker,
    removeMarker,
    addSubclipOf,
    changeSubclip,
    removeSubclip,
  };
}
