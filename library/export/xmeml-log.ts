import type { TimelineClip } from "../../formats/timeline.js";
import type { LoggingInfo } from "../../formats/xmeml.js";
import type { BuiltTimeline } from "./build.js";
import { entrySlate, selectRows } from "./selects.js";

/** The web app's stars that make a take good: four and five. */
const GOOD_RATINGS: ReadonlySet<string> = new Set(["4", "5"]);

/**
 * Each placed clip's log for Premiere, from what the selects log and ALE say of it: description
 * is the selects' note (the rating note, a subclip's own note), scene and shot/take the slate's,
 * log note the slate's note, good a four- or five-star rating or a circled take; Comment 1 holds
 * the tag names, Comment 2 the rating.
 */
export function xmemlLogs(built: BuiltTimeline): Map<TimelineClip, LoggingInfo> {
  const rows = selectRows(built);
  return new Map(
    built.placed.map(({ entry, clip }, i) => {
      const select = rows[i] as (typeof rows)[number];
      const slate = entrySlate(entry);
      const log: LoggingInfo = {
        description: select.note,
        scene: select.scene,
        shotTake: select.take,
        logNote: slate?.note ?? "",
        good: GOOD_RATINGS.has(select.rating) || select.circled,
        comments: [(entry.tags ?? []).join(", "), select.rating],
      };
      return [clip, log];
    }),
  );
}
