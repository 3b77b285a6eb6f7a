import { useEffect, useState } from "preact/hooks";
import {
  type Bins,
  bins,
  type CollectionsReport,
  collections,
  type Facets,
  shootDateFacets,
  tagCloud,
} from "../client.js";

export interface FilterChoices {
  facets: Facets | null;
  tags: string[];
  collections: CollectionsReport["collections"];
  bins: Bins["bins"];
}

/**
 * What the filters offer: shoot days, tags, collections and bins of the project. Read once the
 * first page is listed (`listed`): the grid is what the editor looks at first.
 */
export function useFilterChoices(project: string, listed: boolean) {
  const [facets, setFacets] = useState<Facets | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [groups, setGroups] = useState<Pick<FilterChoices, "collections" | "bins">>({
    collections: [],
    bins: [],
  });
  useEffect(() => {
    if (!listed) return;
    shootDateFacets(project).then(setFacets, () => setFacets(null));
    tagCloud(project, 200).then(
      (body) => setTags(body.tags.map((t) => t.name)),
      () => setTags([]),
    );
    // Names and counts only: the grid lists a chosen one's members.
    Promise.all([collections(project, 1), bins()]).then(
      ([report, { bins }]) => setGroups({ collections: report.collections, bins }),
      () => setGroups({ collections: [], bins: [] }),
    );
  }, [project, listed]);
  return { facets, tags, ...groups };
}
