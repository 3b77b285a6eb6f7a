import { useState } from "preact/hooks";
import { chooseTheme, storedTheme, THEME_CHOICES, type ThemeChoice } from "./theme.js";

const LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };

/** Three buttons in the header: follow the system, or light or dark whatever it says. */
export function ThemeToggle() {
  const [choice, setChoice] = useState(storedTheme);
  return (
    <fieldset class="theme-toggle">
      <legend class="sr-only">Theme</legend>
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={choice === c}
          onClick={() => {
            chooseTheme(c);
            setChoice(c);
          }}
        >
          {LABELS[c]}
        </button>
      ))}
    </fieldset>
  );
}
