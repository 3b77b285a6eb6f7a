import { useEffect, useRef, useState } from "preact/hooks";

interface TextFieldProps {
  label: string;
  value: string;
  placeholder: string;
  save: (text: string) => void;
  /** Takes the focus when this turns true (a marker just added). */
  focus?: boolean;
}

/**
 * Text edited in place: saved when the field loses the focus, Enter saves by leaving it (so the
 * page's keys work again at once), Escape puts back what was saved.
 */
export function TextField({ label, value, placeholder, save, focus = false }: TextFieldProps) {
  const [text, setText] = useState(value);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value), [value]);
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
      onInput={(e) => setText(e.currentTarget.value)}
      onBlur={(e) => {
        if (e.currentTarget.value !== value) save(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          e.currentTarget.blur();
        } else if (e.key === "Escape") {
          e.currentTarget.value = value;
          setText(value);
        }
      }}
    />
  );
}
