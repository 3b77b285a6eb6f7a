import type { RefObject } from "preact";
import { useEffect, useState } from "preact/hooks";

/**
 * Full-screen review (F): the player's column takes the whole screen through the Fullscreen API,
 * and where the browser refuses it (no user gesture, a headless browser, an iframe without
 * permission) it fills the window instead, which reads and works the same. `screen` says which.
 * F again or Escape leaves it (in real full screen the browser takes Escape itself).
 */
export function useReviewMode(box: RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  const [screen, setScreen] = useState<"browser" | "page">("page");

  useEffect(() => {
    const changed = () => {
      if (document.fullscreenElement) setScreen("browser");
      else {
        setOn(false);
        setScreen("page");
      }
    };
    document.addEventListener("fullscreenchange", changed);
    return () => document.removeEventListener("fullscreenchange", changed);
  }, []);

  const leave = () => {
    setOn(false);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  };

  useEffect(() => {
    if (!on) return;
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !(e.target as HTMLElement).closest("dialog[open], input, textarea, select"))
        leave();
    };
    addEventListener("keydown", onEscape);
    return () => removeEventListener("keydown", onEscape);
  });

  const enter = () => {
    setOn(true);
    box.current?.requestFullscreen?.().catch(() => setScreen("page"));
  };

  return { on, screen, toggle: () => (on ? leave() : enter()) };
}
