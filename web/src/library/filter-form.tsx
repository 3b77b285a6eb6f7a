import { useEffect, useState } from "preact/hooks";
import type { Filters } from "./filters.js";
import type { FilterChoices } from "./use-filter-choices.js";

interface FilterFormProps {
  filters: Filters;
  setFilters: (f: Filters) => void;
  choices: FilterChoices;
}

/** The search field and the filters above the grid; the search runs on submit, a filter on change. */
export function FilterForm({ filters, setFilters, choices }: FilterFormProps) {
  const [draft, setDraft] = useState(filters.q);
  useEffect(() => setDraft(filters.q), [filters.q]);
  const set = (key: keyof Filters, value: string) => setFilters({ ...filters, [key]: value });
  return (
    <form
      class="filters"
      onSubmit={(e) => {
        e.preventDefault();
        set("q", draft);
      }}
    >
      <input
        type="search"
        name="q"
        aria-label="Search the library"
        placeholder="Search: drone over the harbour at dusk"
        value={draft}
        onInput={(e) => setDraft(e.currentTarget.value)}
      />
      <label>
        Type
        <select value={filters.type} onChange={(e) => set("type", e.currentTarget.value)}>
          <option value="">any</option>
          <option value="video">video</option>
          <option value="audio">audio</option>
          <option value="image">image</option>
        </select>
      </label>
      <label>
        Shoot date
        <select value={filters.shot_date} onChange={(e) => set("shot_date", e.currentTarget.value)}>
          <option value="">any</option>
          <option value="unknown">unknown</option>
          {choices.facets?.days.slice(0, 366).map((d) => (
            <option key={d.date} value={d.date}>
              {d.date} ({d.count})
            </option>
          ))}
        </select>
      </label>
      <label>
        Rating
        <input value={filters.rating} size={6} onChange={(e) => set("rating", e.currentTarget.value)} />
      </label>
      <label>
        Tag
        <input
          list="tag-list"
          value={filters.tag}
          size={10}
          onChange={(e) => set("tag", e.currentTarget.value)}
        />
        <datalist id="tag-list">
          {choices.tags.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </label>
      <label>
        Camera
        <input value={filters.camera} size={8} onChange={(e) => set("camera", e.currentTarget.value)} />
      </label>
      <label>
        Collection
        <select
          value={filters.collection}
          onChange={(e) => setFilters({ ...filters, collection: e.currentTarget.value, bin: "" })}
        >
          <option value="">any</option>
          {choices.collections.map((c) => (
            <option key={c.key} value={c.key}>
              {c.title} ({c.count})
            </option>
          ))}
        </select>
      </label>
      <label>
        Bin
        <select
          value={filters.bin}
          onChange={(e) => setFilters({ ...filters, bin: e.currentTarget.value, collection: "" })}
        >
          <option value="">any</option>
          {choices.bins.map((b) => (
            <option key={b.id} value={String(b.id)}>
              {b.name} ({b.items.length})
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort
        <select value={filters.sort} onChange={(e) => set("sort", e.currentTarget.value)}>
          <option value="">newest shot</option>
          <option value="name">name</option>
          <option value="-created">newest added</option>
          <option value="-duration">longest</option>
        </select>
      </label>
      <button type="submit">Search</button>
    </form>
  );
}
