import { seconds } from "../api.js";
import type { Scene } from "../client.js";
import { Thumb } from "../thumb.js";

/** The item's scenes as key frames; a click plays from the scene's start. */
export function Filmstrip({ scenes, seek }: { scenes: readonly Scene[]; seek: (t: number) => void }) {
  return (
    <section class="filmstrip" aria-label="Scenes">
      {scenes.map((s) => (
        <button
          type="button"
          key={s.id}
          class="scene"
          onClick={() => seek(s.start_s)}
          title={s.description ?? ""}
        >
          <Thumb src={s.keyframe_url} alt={`Scene ${s.index} at ${seconds(s.start_s)}`} />
          <span>{seconds(s.start_s)}</span>
        </button>
      ))}
    </section>
  );
}
