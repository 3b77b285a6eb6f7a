import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The app is built into the package (dist/web) and served by `svc serve` at `/`: nothing is
// fetched at run time, so it works on an edit network with no internet.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  logLevel: "warn",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
