import { Component } from "preact";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { z } from "zod";
import type { BINS, COLLECTIONS, SHOOT_DATE_FACETS, TAG_CLOUD } from "../../api/responses.js";
import { ApiError, getJson, type MediaItem, type MediaPage, seconds } from "./api.js";
import { navigate } from "./router.js";
import { Thumb } from "./thumb.js";

type CollectionsReport = z.infer<typeof COLLECTIONS>;
type CollectionView = CollectionsReport["collections"][number];
type Bins = z.infer<typeof BINS>;
type Facets = z.infer<typeof SHOOT_DATE_FACETS>;

const PAGE = 100;
const CELL_W = 210;
const CELL_H = 200;
const OVERSCAN_ROWS = 2;

export interface Filters {
  q: string;
  type: string;
  rating: string;
  tag: string;
  camera: string;
  shot_date: string;
  sort: string;
  /** A smart collection's key: the grid shows its members instead of a search. */
  collection: string;
  /** A bin's id: the grid shows its items of this project instead of a search. */
  bin: string;
}

export const NO_FILTERS: Filters = {
  q: "",
  type: "",
  rating: "",
  tag: "",
  camera: "",
  shot_date: "",
  sort: "",
  collection: "",
  bin: "",
};

/** The /api/media query of the filters; collection and bin are not its filters (see membersOf). */
export function listQuery(filters: Filters, project: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (key !== "collection" && key !== "bin" && value.trim() !== "") params.set(key, value.trim());
  }
  if (project) params.set("project", project);
  return params;
}

// The most members GET /api/collections answers per collection.
const MAX_MEMBERS = 1000;

const collectionsPath = (project: string) =>
  `/api/collections?limit=${MAX_MEMBERS}${project ? `&project=${encodeURIComponent(project)}` : ""}`;

export interface Members {
  items: MediaItem[];
  /** Why some members are not in `items` (more than one answer carries, other projects'). */
  note: string | null;
}

/** The pages of a `GET /api/media` query, `size` items each, until the last or `max` items. */
export async function* mediaPages(
  query: URLSearchParams,
  size: number,
  max: number,
): AsyncGenerator<MediaPage> {
  const params = new URLSearchParams(query);
  params.set("limit", String(size));
  for (let offset = 0; offset < max; offset += size) {
    params.set("offset", String(offset));
    const page = await getJson<MediaPage>(`/api/media?${params}`);
    yield page;
    if (page.items.length < size || offset + size >= page.total) return;
  }
}

/** The filters that narrow a collection or bin (sort alone reorders nothing there). */
const NARROWING = ["q", "type", "rating", "tag", "camera", "shot_date"] as const;
// Matches of a search read to narrow a collection or bin: four of the API's largest pages.
const NARROW_PAGE = 500;
const MAX_NARROW = 2000;

const joinNotes = (...notes: (string | null)[]) => notes.filter(Boolean).join("; ") || null;

/**
 * A collection's or bin's members that the search and filters also match, in the search's order
 * and with its scene matches: the API searches the whole library, so its answer is read (up to
 * MAX_NARROW matches) and kept where it meets the members.
 */
async function narrow(members: Members, filters: Filters, project: string): Promise<Members> {
  if (!NARROWING.some((key) => filters[key].trim() !== "")) return members;
  const wanted = new Set(members.items.map((item) => item.id));
  const items: MediaItem[] = [];
  let read = 0;
  let last: MediaPage | null = null;
  for await (const page of mediaPages(listQuery(filters, project), NARROW_PAGE, MAX_NARROW)) {
    for (const item of page.items) if (wanted.has(item.id)) items.push(item);
    read += page.items.length;
    last = page;
  }
  const total = last?.total ?? 0;
  return {
    items,
    note: joinNotes(
      members.note,
      last?.search_note ?? null,
      read < total ? `looked among the first ${read} of ${total} matches` : null,
    ),
  };
}

/**
 * The items of the chosen collection or bin that the search and filters match, or null when
 * neither is chosen. A bin spans projects; the grid opens clips of the current project, so it
 * shows that project's items only.
 */
export async function membersOf(filters: Filters, project: string): Promise<Members | null> {
  if (!filters.collection && !filters.bin) return null;
  const report = await getJson<CollectionsReport>(collectionsPath(project));
  if (filters.collection) {
    const chosen = report.collections.find((c) => c.key === filters.collection);
    if (!chosen) return { items: [], note: "this collection no longer exists" };
    const more = chosen.count - chosen.items.length;
    return narrow(
      { items: chosen.items, note: more > 0 ? `the first ${chosen.items.length} of ${chosen.count}` : null },
      filters,
      project,
    );
  }
  const { bins } = await getJson<Bins>("/api/bins");
  const bin = bins.find((b) => String(b.id) === filters.bin);
  if (!bin) return { items: [], note: "this bin no longer exists" };
  const items = bin.items
    .filter((i) => i.project === report.project && i.item)
    .map((i) => i.item as MediaItem);
  const elsewhere = bin.items.length - items.length;
  return narrow(
    { items, note: elsewhere > 0 ? `${elsewhere} more in other projects or gone` : null },
    filters,
    project,
  );
}

/** The pages of one query, fetched as the grid scrolls to them. */
function usePages(query: string | null) {
  const pages = useRef(new Map<number, MediaItem[]>());
  const pending = useRef(new Set<number>());
  const [total, setTotal] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setVersion] = useState(0);

  const load = useCallback(
    (page: number) => {
      if (query === null || pages.current.has(page) || pending.current.has(page)) return;
      // This query's maps: an answer that arrives once the query has changed must not fill the new grid.
      const loaded = pages.current;
      const inFlight = pending.current;
      inFlight.add(page);
      const params = new URLSearchParams(query ?? "");
      params.set("limit", String(PAGE));
      params.set("offset", String(page * PAGE));
      getJson<MediaPage>(`/api/media?${params}`)
        .then((body) => {
          if (pages.current !== loaded) return;
          if (page === 0) {
            // How long the answer takes to reach the screen (bench/web.mjs reads these marks): a
            // timeout queued from the frame callback runs once that frame has been painted.
            performance.mark("svc-search-answer");
            requestAnimationFrame(() => setTimeout(() => performance.mark("svc-search-painted"), 0));
          }
          pages.current.set(page, body.items);
          setTotal(body.total);
          setNote(body.search_note ?? null);
          setError(null);
          setVersion((v) => v + 1);
        })
        .catch((e: unknown) => {
          if (pages.current === loaded) setError(e instanceof ApiError ? e.message : String(e));
        })
        .finally(() => inFlight.delete(page));
    },
    [query],
  );

  useEffect(() => {
    pages.current = new Map();
    pending.current = new Set();
    setTotal(null);
    load(0);
  }, [load]);

  const item = (index: number): MediaItem | undefined =>
    pages.current.get(Math.floor(index / PAGE))?.[index % PAGE];
  return { total, note, error, item, load };
}

interface CellProps {
  item: MediaItem | undefined;
  index: number;
  focused: boolean;
  selected: boolean;
  toggle: (id: number) => void;
}

function Cell({ item, index, focused, selected, toggle }: CellProps) {
  if (!item) return <div class="cell loading" aria-hidden="true" />;
  const open = () => {
    const at = item.match ? `?t=${item.match.start_s}` : "";
    navigate(`/clip/${item.id}${at}`);
  };
  const stages = item.missing
    ? "missing"
    : item.status === "failed"
      ? `failed at ${item.failed_stage ?? "?"}`
      : item.status;
  return (
    <div class={`cell${focused ? " focused" : ""}`} data-id={item.id}>
      <button
        type="button"
        class="cell-open"
        tabIndex={focused ? 0 : -1}
        data-index={index}
        onClick={open}
        title={item.name}
      >
        <Thumb src={item.match?.keyframe_url ?? item.thumbnail_url} alt="" className="cell-img" />
        <span class="cell-name">{item.name}</span>
        <span class="cell-meta">
          <span>{seconds(item.duration_s)}</span>
          {item.match && (
            <span class="match">
              scene {item.match.scene_index} @ {seconds(item.match.start_s)}
            </span>
          )}
          {item.rating && <span class="rating">rated {item.rating}</span>}
          <span class={`status status-${item.status}`}>{stages}</span>
        </span>
        <span class="cell-tags">
          {item.tags
            .slice(0, 4)
            .map((t) => t.name)
            .join(" · ")}
        </span>
      </button>
      <input
        type="checkbox"
        class="pick"
        checked={selected}
        aria-label={`Select ${item.name}`}
        tabIndex={-1}
        onClick={() => toggle(item.id)}
      />
    </div>
  );
}

interface RowProps {
  row: number;
  start: number;
  items: (MediaItem | undefined)[];
  /** The focused index when it is in this row, else -1. */
  focus: number;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
}

/** What a row shows: a row whose items, focus and ticks are unchanged is not rendered again while the grid scrolls. */
const rowKey = (p: RowProps) =>
  `${p.row}:${p.focus}:${p.items.map((it) => (it ? `${it.id}${p.selected.has(it.id) ? "+" : ""}` : "_")).join(",")}`;

class Row extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    return rowKey(next) !== rowKey(this.props);
  }

  override render() {
    const { row, start, items, focus, selected, toggle } = this.props;
    return (
      <div class="row" style={{ transform: `translateY(${row * CELL_H}px)` }}>
        {items.map((it, col) => (
          <div class="slot" key={start + col}>
            <Cell
              item={it}
              index={start + col}
              focused={start + col === focus}
              selected={it ? selected.has(it.id) : false}
              toggle={toggle}
            />
          </div>
        ))}
      </div>
    );
  }
}

interface LibraryProps {
  project: string;
  filters: Filters;
  setFilters: (f: Filters) => void;
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
}

export function Library({ project, filters, setFilters, selected, toggle }: LibraryProps) {
  const [draft, setDraft] = useState(filters.q);
  const [facets, setFacets] = useState<Facets | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [groups, setGroups] = useState<{ collections: CollectionView[]; bins: Bins["bins"] }>({
    collections: [],
    bins: [],
  });
  const [members, setMembers] = useState<Members | null>(null);
  const [membersError, setMembersError] = useState<string | null>(null);
  const grouped = filters.collection !== "" || filters.bin !== "";
  const query = useMemo(
    () => (grouped ? null : listQuery(filters, project).toString()),
    [grouped, filters, project],
  );
  const pages = usePages(query);
  useEffect(() => {
    setMembers(null);
    setMembersError(null);
    if (!grouped) return;
    let stop = false;
    membersOf(filters, project).then(
      (m) => {
        if (!stop) setMembers(m);
      },
      (e: unknown) => {
        if (!stop) setMembersError(e instanceof ApiError ? e.message : String(e));
      },
    );
    return () => {
      stop = true;
    };
  }, [grouped, filters, project]);
  const total = grouped ? (members ? members.items.length : null) : pages.total;
  const note = grouped ? (members?.note ?? null) : pages.note;
  const error = grouped ? membersError : pages.error;
  const item = (index: number) => (grouped ? members?.items[index] : pages.item(index));
  const load = pages.load;
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, width: 1000, height: 800 });
  const [focus, setFocus] = useState(0);

  useEffect(() => setDraft(filters.q), [filters.q]);
  // The filter choices wait for the first page: the grid is what the editor looks at first.
  const listed = total !== null;
  useEffect(() => {
    if (!listed) return;
    const p = project ? `?project=${encodeURIComponent(project)}` : "";
    getJson<Facets>(`/api/media/facets/shoot-date${p}`).then(setFacets, () => setFacets(null));
    getJson<z.infer<typeof TAG_CLOUD>>(`/api/tags${p}${p ? "&" : "?"}limit=200`).then(
      (body) => setTags(body.tags.map((t) => t.name)),
      () => setTags([]),
    );
    // Names only: the members are read when one is chosen.
    Promise.all([
      getJson<CollectionsReport>(collectionsPath(project).replace(`limit=${MAX_MEMBERS}`, "limit=1")),
      getJson<Bins>("/api/bins"),
    ]).then(
      ([report, { bins }]) => setGroups({ collections: report.collections, bins }),
      () => setGroups({ collections: [], bins: [] }),
    );
  }, [project, listed]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const columns = Math.max(1, Math.floor(view.width / CELL_W));
  const count = total ?? 0;
  const rows = Math.ceil(count / columns);
  const firstRow = Math.max(0, Math.floor(view.top / CELL_H) - OVERSCAN_ROWS);
  const lastRow = Math.min(rows, Math.ceil((view.top + view.height) / CELL_H) + OVERSCAN_ROWS);
  const first = firstRow * columns;
  const last = Math.min(count, lastRow * columns);

  useEffect(() => {
    for (let i = first; i < last; i += PAGE) load(Math.floor(i / PAGE));
    if (last > 0) load(Math.floor((last - 1) / PAGE));
  }, [first, last, load]);

  const set = (key: keyof Filters, value: string) => setFilters({ ...filters, [key]: value });
  const rowsShown = [];
  for (let row = firstRow; row < lastRow; row += 1) {
    const start = row * columns;
    const items = [];
    for (let i = start; i < Math.min(count, start + columns); i += 1) items.push(item(i));
    rowsShown.push(
      <Row
        key={row}
        row={row}
        start={start}
        items={items}
        focus={focus >= start && focus < start + columns ? focus : -1}
        selected={selected}
        toggle={toggle}
      />,
    );
  }

  const move = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[e.key];
    if (step === undefined || count === 0) return;
    e.preventDefault();
    const next = Math.min(count - 1, Math.max(0, focus + step));
    setFocus(next);
    const el = scroller.current;
    if (el) {
      const y = Math.floor(next / columns) * CELL_H;
      if (y < el.scrollTop) el.scrollTop = y;
      else if (y + CELL_H > el.scrollTop + el.clientHeight) el.scrollTop = y + CELL_H - el.clientHeight;
    }
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus(),
    );
  };

  return (
    <section class="library" aria-label="Library">
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
            {facets?.days.slice(0, 366).map((d) => (
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
            {tags.map((t) => (
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
            {groups.collections.map((c) => (
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
            {groups.bins.map((b) => (
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: key presses bubble up from the cells' buttons; the container takes no focus itself */}
      <div
        class="grid-scroll"
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          setView((v) => (v.top === el.scrollTop ? v : { ...v, top: el.scrollTop }));
        }}
        onKeyDown={(e) => {
          if (e.key === " " && (e.target as HTMLElement).classList.contains("cell-open")) {
            e.preventDefault();
            const picked = item(focus);
            if (picked) toggle(picked.id);
            return;
          }
          move(e);
        }}
      >
        <div class="grid-space" style={{ height: `${rows * CELL_H}px` }}>
          {rowsShown}
        </div>
      </div>
    </section>
  );
}
