import { useEffect, useRef, useState } from "preact/hooks";
import { type MediaItem, mediaDetail } from "./client.js";

/**
 * The items of `ids` as the API describes them, each read once per project however often it is
 * asked for; one that cannot be read is left out (its id stands for it).
 */
export function useItems(project: string, ids: readonly number[]) {
  const [items, setItems] = useState<ReadonlyMap<number, MediaItem>>(new Map());
  const asked = useRef(new Set<number>());
  useEffect(() => {
    asked.current = new Set();
    setItems(new Map());
  }, [project]);
  const key = ids.join(",");
  useEffect(() => {
    for (const id of new Set(ids)) {
      if (asked.current.has(id)) continue;
      asked.current.add(id);
      mediaDetail(project, id).then(
        (item) => setItems((known) => new Map(known).set(id, item)),
        () => undefined,
      );
    }
  }, [project, key]);
  return items;
}
