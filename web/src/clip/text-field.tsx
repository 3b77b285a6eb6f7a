import { useEffect, useRef, useState } from "preact/hooks";

interface TextFieldProps {
  label: string;
  value: string;
  placeholder: string;
  /** Saves the text; false when it was refused, and the field shows what is saved again. */
  save: (text: string) => Promise<boolean>;
  /** Takes the focus when this turns true (a marker just added). */
  focus?: boolean;
}

/**
 * Text edited in place: saved when the field loses the focus, Enter saves by leaving it (so the
 * page's keys work again at once), Escape puts back what was saved. Only what was typed is sent: a
 * note with line breaks (from the CLI) shows on one line here, and merely visiting it must not
 * save it flattened.
 */
export function TextField({ label, value, placeholder, save, focus = false }: TextFieldProps) {
  const [text, setText] = useState(value);
  const typed = useRef(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    typed.current = false;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (focus) field.current?.focus();
  }, [focus]);
  return (
    <input
      ref={field}
      type="text"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onInput={(e) => {
        typed.current = true;
        setText(e.currentTarget.value);
      }}
      onBlur={(e) => {
        if (!typed.current) return;
        typed.current = false;
        void save(e.currentTarget.value).then((saved) => {
          if (!saved) setText(value);
        });
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          e.currentTarget.blur();
        } else if (e.key === "Escape") {
          typed.current = false;
          e.currentTarget.value = value;
          setText(value);
        }
      }}
    />
  );
}
