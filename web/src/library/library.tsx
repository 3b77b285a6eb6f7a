import { useMemo } from "preact/hooks";
import { BulkBar } from "./bulk-bar.js";
import { FilterForm } from "./filter-form.js";
import { type Filters, listQuery } from "./filters.js";
import { useFilterChoices } from "./use-filter-choices.js";
import { type Loaded, usePages } from "./use-pages.js";
import { VirtualGrid } from "./virtual-grid.js";

interface LibraryProps {
  project: string;
  filters: Filters;
  setFilters: (f: Filters) => void;
  selected: ReadonlySet<number>;
  setSelected: (ids: Set<number>) => void;
  toggle: (ids: readonly number[]) => void;
  add: (ids: readonly number[]) => void;
}

/**
 * How the cards relate to the items counted: exact once every page is in ("3 items as 2 cards"),
 * else only that some parts share a card. Nothing when every item has a card of its own.
 */
function cardsNote(total: number, loaded: Loaded): string | null {
  if (loaded.cards === loaded.items) return null;
  if (loaded.items === total)
    return `as ${loaded.cards.toLocaleString()} ${loaded.cards === 1 ? "card" : "cards"}`;
  return "a recording's parts listed together share a card";
}

/** The library page: the filters, what they match (count and the search's note) and the grid. */
export function Library({ project, filters, setFilters, selected, setSelected, toggle, add }: LibraryProps) {
  const query = useMemo(() => listQuery(filters), [filters]);
  const { total, cells, loaded, note, error, card, want, refresh } = usePages(project, query);
  const cards = total === null ? null : cardsNote(total, loaded);
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
        {cards && <span class="note"> ({cards})</span>}
        {/* The count line is one line (the grid under it must not move): a long note is cut, whole in its tooltip. */}
        {note && (
          <span class="note" title={note}>
            {" "}
            — {note}
          </span>
        )}
        {selected.size > 0 && <span> — {selected.size.toLocaleString()} selected</span>}
      </p>
      <BulkBar
        project={project}
        selected={selected}
        setSelected={setSelected}
        bins={choices.bins}
        refresh={refresh}
      />
      <VirtualGrid
        count={cells}
        card={card}
        want={want}
        selected={selected}
        toggle={toggle}
        add={add}
        clear={() => setSelected(new Set())}
      />
    </section>
  );
}
