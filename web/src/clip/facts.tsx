import type { Desqueeze as Factor } from "../../../domain/desqueeze.js";
import { seconds } from "../api.js";
import type { MediaItem, ProxyItem } from "../client.js";
import { CameraFacts } from "./camera-facts.js";
import { Desqueeze } from "./desqueeze.js";

interface FactsProps {
  item: MediaItem;
  profiles: readonly { id: string; name: string }[];
  setProfile: (profile: string | null) => void;
  setDesqueeze: (desqueeze: Factor) => void;
  proxy: ProxyItem | null;
  makeProxy: () => void;
}

/**
 * What the item is (where in the project, duration, picture, sound and the camera's facts, state), its colour profile,
 * its desqueeze and its editor proxy.
 */
export function Facts({ item, profiles, setProfile, setDesqueeze, proxy, makeProxy }: FactsProps) {
  return (
    <dl>
      <dt>Path</dt>
      <dd data-testid="path">{item.path}</dd>
      <dt>Duration</dt>
      <dd>{seconds(item.duration_s)}</dd>
      <CameraFacts item={item} />
      <dt>Status</dt>
      <dd data-testid="status">
        {item.status === "needs_proxy" ? "needs a proxy" : item.status}
        {item.failed_stage ? ` (${item.failed_stage})` : ""}
        {item.status_reason && `: ${item.status_reason}`}
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
      {item.type === "video" && (
        <>
          <dt>Desqueeze</dt>
          <dd>
            <Desqueeze item={item} set={setDesqueeze} />
          </dd>
        </>
      )}
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
