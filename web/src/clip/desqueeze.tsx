import { DESQUEEZE_VALUES, type Desqueeze as Factor, isDesqueeze } from "../../../domain/desqueeze.js";
import { desqueezeText } from "../camera-text.js";
import type { MediaItem } from "../client.js";

interface DesqueezeProps {
  item: MediaItem;
  set: (desqueeze: Factor) => void;
}

/**
 * The anamorphic desqueeze an editor sets on a video, and the camera's recorded squeeze offered
 * as one click: never applied by itself (a wrong guess would reshape every derived picture).
 */
export function Desqueeze({ item, set }: DesqueezeProps) {
  const suggested = item.desqueeze_suggested;
  return (
    <>
      <select
        aria-label="Desqueeze"
        value={String(item.desqueeze)}
        onChange={(e) => {
          const value = Number(e.currentTarget.value);
          if (isDesqueeze(value)) set(value);
        }}
      >
        {DESQUEEZE_VALUES.map((value) => (
          <option key={value} value={String(value)}>
            {desqueezeText(value)}
          </option>
        ))}
      </select>
      {suggested !== null &&
        suggested !== item.desqueeze &&
        (isDesqueeze(suggested) ? (
          <button type="button" onClick={() => set(suggested)}>
            Use the camera's {desqueezeText(suggested)}
          </button>
        ) : (
          ` (camera recorded ${suggested}×)`
        ))}
    </>
  );
}
