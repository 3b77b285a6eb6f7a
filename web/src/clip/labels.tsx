import type { MediaItem } from "../client.js";

interface LabelsProps {
  item: MediaItem;
  setRating: (rating: string | null) => void;
  setCamera: (camera: { camera_id: string | null; angle: string | null }) => void;
}

/** The editor's labels of the item: its rating, and its camera and angle. */
export function Labels({ item, setRating, setCamera }: LabelsProps) {
  return (
    <>
      <label>
        Rating
        <select value={item.rating ?? ""} onChange={(e) => setRating(e.currentTarget.value || null)}>
          <option value="">none</option>
          {["1", "2", "3", "4", "5"].map((r) => (
            <option key={r} value={r}>
              {"★".repeat(Number(r))}
            </option>
          ))}
        </select>
      </label>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          const camera = new FormData(e.currentTarget);
          setCamera({
            camera_id: String(camera.get("camera_id") ?? "") || null,
            angle: String(camera.get("angle") ?? "") || null,
          });
        }}
      >
        <label>
          Camera <input name="camera_id" size={6} defaultValue={item.camera_id ?? ""} />
        </label>
        <label>
          Angle <input name="angle" size={6} defaultValue={item.angle ?? ""} />
        </label>
        <button type="submit">Save</button>
      </form>
    </>
  );
}
