import { seconds } from "../api.js";
import type { MediaItem, ProxyItem } from "../client.js";

interface FactsProps {
  item: MediaItem;
  profiles: readonly { id: string; name: string }[];
  setProfile: (profile: string | null) => void;
  proxy: ProxyItem | null;
  makeProxy: () => void;
}

/** What the item is (duration, size, state), its colour profile and its editor proxy. */
export function Facts({ item, profiles, setProfile, proxy, makeProxy }: FactsProps) {
  return (
    <dl>
      <dt>Duration</dt>
      <dd>{seconds(item.duration_s)}</dd>
      <dt>Size</dt>
      <dd>
        {item.width && item.height ? `${item.width}×${item.height}` : "–"} {item.fps ? `${item.fps} fps` : ""}
      </dd>
      <dt>Status</dt>
      <dd>
        {item.status}
        {item.failed_stage ? ` (${item.failed_stage})` : ""}
      </dd>
      <dt>Colour profile</dt>
      <dd>
        <select
          aria-label="Colour profile"
          value={item.color_profile ?? ""}
          onChange={(e) => setProfile(e.currentTarget.value || null)}
        >
          <option value="">none</option>
          {profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </select>
        {item.color_profile_suggested &&
          !item.color_profile &&
          ` (camera suggests ${item.color_profile_suggested})`}
      </dd>
      <dt>Editor proxy</dt>
      <dd>
        {proxy?.status ?? "none"}{" "}
        <button type="button" onClick={makeProxy}>
          Make
        </button>
      </dd>
    </dl>
  );
}
