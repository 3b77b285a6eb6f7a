import { useEffect, useState } from "preact/hooks";

/** What the reader chose: follow the system's light or dark setting, or one of them always. */
export type ThemeChoice = "system" | "light" | "dark";

// The same key public/theme.js reads before the first paint.
const THEME_KEY = "svc.theme";
const CHANGED = "svc-theme";
const SYSTEM_DARK = "(prefers-color-scheme: dark)";

export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];

export function storedTheme(): ThemeChoice {
  const stored = localStorage.getItem(THEME_KEY);
  return stored === "light" || stored === "dark" ? stored : "system";
}

/** Keeps the choice and puts it on <html>, where style.css reads it (no attribute: the system's). */
export function chooseTheme(choice: ThemeChoice): void {
  if (choice === "system") {
    localStorage.removeItem(THEME_KEY);
    delete document.documentElement.dataset.theme;
  } else {
    localStorage.setItem(THEME_KEY, choice);
    document.documentElement.dataset.theme = choice;
  }
  dispatchEvent(new Event(CHANGED));
}

const shown = (): "light" | "dark" => {
  const choice = storedTheme();
  if (choice !== "system") return choice;
  return matchMedia(SYSTEM_DARK).matches ? "dark" : "light";
};

/** The theme on screen, following both the choice and the system's setting as they change. */
export function useShownTheme(): "light" | "dark" {
  const [theme, setTheme] = useState(shown);
  useEffect(() => {
    const update = () => setTheme(shown());
    const system = matchMedia(SYSTEM_DARK);
    system.addEventListener("change", update);
    addEventListener(CHANGED, update);
    return () => {
      system.removeEventListener("change", update);
      removeEventListener(CHANGED, update);
    };
  }, []);
  return theme;
}
