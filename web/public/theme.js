// Runs before the first paint (a blocking script, not inline: the CSP allows only files of svc).
// The chosen theme is on <html> before the stylesheet is applied, so a light page never flashes dark.
try {
  const theme = localStorage.getItem("svc.theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {}
