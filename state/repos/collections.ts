import { Repository } from "../statements.js";

/** What collection membership reads of one present item. */
export interface MemberFacts {
  id: number;
  rating: string | null;
  duration_s: number | null;
  audio_tracks: number;
  kind: string;
  status: string;
  updated_at: string;
}

export class CollectionsRepo extends Repository {
  /** Every present item (not missing) with the facts the hard filters read. */
  facts(): MemberFacts[] {
    return this.prepare(
      `SELECT id, rating, duration_s, audio_tracks, kind, status, updated_at
         FROM media WHERE missing_since IS NULL ORDER BY id`,
    ).all() as MemberFacts[];
  }

  /** Tag names per item, auto and manual alike. */
  tagPairs(): { media_id: number; name: string }[] {
    return this.prepare("SELECT media_id, name FROM tags").all() as { media_id: number; name: string }[];
  }
}
