import type { MediaItem } from "../client.js";

interface TrashButtonProps {
  item: MediaItem;
  remove: () => void;
  undo: () => void;
}

/** Moves the item to the trash, or, once it is there, brings it back. */
export function TrashButton({ item, remove, undo }: TrashButtonProps) {
  return (
    <p>
      {item.missing ? (
        <button type="button" onClick={undo}>
          Undo delete
        </button>
      ) : (
        <button type="button" class="danger" onClick={remove}>
          Delete (to trash)
        </button>
      )}
    </p>
  );
}
