import { seconds } from "../api.js";
import type { MarkChange, Marker, MarkerColor, MarkerKind, Subclip } from "../client.js";
import { KINDS, MARKER_COLOR_NAMES, MARKER_CSS } from "../marker-colors.js";
import { TextField } from "./text-field.js";

function ColorSelect({
  value,
  label,
  save,
}: {
  value: MarkerColor;
  label: string;
  save: (c: MarkerColor) => void;
}) {
  return (
    <select aria-label={label} value={value} onChange={(e) => save(e.currentTarget.value as MarkerColor)}>
      {MARKER_COLOR_NAMES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}

const Swatch = ({ color }: { color: MarkerColor }) => (
  <span class="swatch" style={{ background: MARKER_CSS[color] }} aria-hidden="true" />
);

interface MarkerListProps {
  markers: readonly Marker[];
  /** The marker just added: its note takes the focus. */
  added: number | null;
  seek: (t: number) => void;
  change: (id: number, change: MarkChange) => Promise<boolean>;
  remove: (id: number) => void;
}

/** The item's markers in time order, each edited in place: name, note, colour, kind; or deleted. */
export function MarkerList({ markers, added, seek, change, remove }: MarkerListProps) {
  if (markers.length === 0) return <p class="note">No markers: M adds one at the playhead.</p>;
  return (
    <ul class="mark-list" aria-label="Markers">
      {markers.map((m) => {
        const at = seconds(m.start_s);
        return (
          <li key={m.id} class="mark-row" data-id={m.id}>
            <Swatch color={m.color} />
            <button
              type="button"
              class="link"
              onClick={() => seek(m.start_s)}
              aria-label={`Play from marker at ${at}`}
            >
              {at}
              {m.end_s !== null && `–${seconds(m.end_s)}`}
            </button>
            <TextField
              label={`Name of the marker at ${at}`}
              placeholder="name"
              value={m.name}
              save={(name) => change(m.id, { name })}
            />
            <TextField
              label={`Note of the marker at ${at}`}
              placeholder="note"
              value={m.note}
              focus={m.id === added}
              save={(note) => change(m.id, { note })}
            />
            <ColorSelect
              label={`Colour of the marker at ${at}`}
              value={m.color}
              save={(color) => void change(m.id, { color })}
            />
            <select
              aria-label={`Kind of the marker at ${at}`}
              value={m.kind}
              onChange={(e) => void change(m.id, { kind: e.currentTarget.value as MarkerKind })}
            >
              {KINDS.map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => remove(m.id)} aria-label={`Delete the marker at ${at}`}>
              Delete
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface SubclipListProps {
  subclips: readonly Subclip[];
  seek: (t: number) => void;
  change: (id: number, change: Omit<MarkChange, "kind">) => Promise<boolean>;
  remove: (id: number) => void;
}

/** The item's subclips in time order, each edited in place: name, note, colour; or deleted. */
export function SubclipList({ subclips, seek, change, remove }: SubclipListProps) {
  if (subclips.length === 0) return <p class="note">No subclips: mark in and out, then Shift+M.</p>;
  return (
    <ul class="mark-list" aria-label="Subclips">
      {subclips.map((s) => {
        const range = `${seconds(s.start_s)}–${seconds(s.end_s)}`;
        return (
          <li key={s.id} class="mark-row" data-id={s.id}>
            <Swatch color={s.color} />
            <button
              type="button"
              class="link"
              onClick={() => seek(s.start_s)}
              aria-label={`Play the subclip ${range}`}
            >
              {range}
            </button>
            <TextField
              label={`Name of the subclip ${range}`}
              placeholder="name"
              value={s.name}
              save={(name) => change(s.id, { name })}
            />
            <TextField
              label={`Note of the subclip ${range}`}
              placeholder="note"
              value={s.note}
              save={(note) => change(s.id, { note })}
            />
            <ColorSelect
              label={`Colour of the subclip ${range}`}
              value={s.color}
              save={(color) => void change(s.id, { color })}
            />
            <button type="button" onClick={() => remove(s.id)} aria-label={`Delete the subclip ${range}`}>
              Delete
            </button>
          </li>
        );
      })}
    </ul>
  );
}
