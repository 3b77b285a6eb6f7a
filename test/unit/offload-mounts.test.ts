import { describe, expect, it } from "vitest";
import { MountTracker } from "../../library/offload/cards.js";

const listing = (entries: Record<string, string[] | null>) => new Map(Object.entries(entries));

describe("MountTracker", () => {
  it("takes the first look as the baseline and reports each volume once while it stays mounted", () => {
    const tracker = new MountTracker();
    expect(tracker.update(listing({ "/media/dit": ["/media/dit/OLD"] }))).toEqual([]);
    expect(tracker.update(listing({ "/media/dit": ["/media/dit/OLD", "/media/dit/A001"] }))).toEqual([
      "/media/dit/A001",
    ]);
    expect(tracker.update(listing({ "/media/dit": ["/media/dit/OLD", "/media/dit/A001"] }))).toEqual([]);
  });

  it("does not take a failed probe for every card removed, and reports a card mounted again", () => {
    const tracker = new MountTracker();
    tracker.update(listing({ "/media/dit": [], "/Volumes": [] }));
    expect(tracker.update(listing({ "/media/dit": ["/media/dit/A001"], "/Volumes": [] }))).toEqual([
      "/media/dit/A001",
    ]);
    expect(tracker.update(listing({ "/media/dit": null, "/Volumes": [] }))).toEqual([]);
    expect(tracker.update(listing({ "/media/dit": ["/media/dit/A001"], "/Volumes": [] }))).toEqual([]);
    expect(tracker.update(listing({ "/media/dit": [], "/Volumes": [] }))).toEqual([]);
    expect(tracker.update(listing({ "/media/dit": ["/media/dit/A001"], "/Volumes": [] }))).toEqual([
      "/media/dit/A001",
    ]);
  });
});
