import { useEffect, useRef } from "preact/hooks";
import { KEY_HELP } from "./review-keys.js";

/** The keys of the clip view (`?`), as a modal dialog: Escape or Close shuts it, the focus goes back. */
export function KeysHelp({ open, close }: { open: boolean; close: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={dialog} class="keys-help" aria-labelledby="keys-help-title" onClose={close}>
      <h2 id="keys-help-title">Keys</h2>
      <table>
        <tbody>
          {KEY_HELP.map(([keys, what]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Timeline: a click seeks, a drag across it marks in and out at its ends. Transcript: a click on a word
        plays from it, a selected passage marks in and out.
      </p>
      <button type="button" onClick={close}>
        Close
      </button>
    </dialog>
  );
}
