import { useState } from "preact/hooks";
import type { MediaItem } from "../client.js";

interface TagsProps {
  item: MediaItem;
  /** Adds a manual tag; true once added. */
  add: (name: string) => Promise<boolean>;
}

/** The item's tags, and a field that adds one. */
export function Tags({ item, add }: TagsProps) {
  const [tag, setTag] = useState("");
  return (
    <>
      <dl class="tags">
        <dt>Tags</dt>
        <dd>
          {item.tags.length === 0 && <span class="muted">none</span>}
          {item.tags.map((t) => (
            <span class="tag" key={t.name}>
              {t.name}
            </span>
          ))}
        </dd>
      </dl>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (!tag.trim()) return;
          void add(tag.trim()).then((added) => {
            if (added) setTag("");
          });
        }}
      >
        <label>
          Add tag <input value={tag} onInput={(e) => setTag(e.currentTarget.value)} />
        </label>
        <button type="submit">Add</button>
      </form>
    </>
  );
}
