import { useMemo } from "preact/hooks";
import { FilterForm } from "./filter-form.js";
import { type Filters, listQuery } from "./filters.js";
import { useFilterChoices } from "./use-filter-choices.js";
import { usePages } from "./use-pages.js";
import { VirtualGrid } from "./virtual-grid.js";

interface LibraryProps {
  project: string;
  filters: Filters;
  setFilters: (f: Filters) => void;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
}

/** The library page: the filters, what they match (count and the search's note) and the grid. */
export function Library({ project, filters, setFilters, selected, toggle }: LibraryProps) {
  const query = useMemo(() => listQuery(filters), [filters]);
  const { total, note, error, item, want } = usePages(project, query);
  const choices = useFilterChoices(project, total !== null);
  return (
    <section class="library" aria-label="Library">
      <FilterForm filters={filters} setFilters={setFilters} choices={choices} />
      <p class="summary" aria-live="polite">
        {error ? (
          <span class="error">{error}</span>
        ) : total === null ? (
          "Loading…"
        ) : (
          <span>{`${total.toLocaleString()} ${total === 1 ? "item" : "items"}`}</span>
        )}
        {note && <span class="note"> — {note}</span>}
        {selected.size > 0 && <span> — {selected.size.toLocaleString()} selected</span>}
      </p>
      <VirtualGrid count={total ?? 0} item={item} want={want} selected={selected} toggle={toggle} />
    </section>
  );
}
