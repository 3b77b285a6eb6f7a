// `npm run build` step: bundles the compiled command line (dist/cli/main.js) and the worker threads
// it starts into dist/cli/bundle/, and makes dist/cli/main.js a one-line entry into it.
//
// Why: Node loads an ES module graph file by file. `svc ingest` loaded some 250 modules (svc's own
// and its libraries') before doing anything, two thirds of its start-up; bundled, a short command
// starts in well under half the time. Each command is still its own chunk, loaded when it runs.
// Native addons, and packages that find their own files at run time, stay outside the bundle.
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const out = join(dist, "cli", "bundle");
const entry = join(dist, "cli", "main.js");

const EXTERNAL = [
  "better-sqlite3",
  "usearch",
  "sharp",
  "@node-rs/xxhash",
  "hash-wasm",
  "swagger-ui-dist",
  "@ffmpeg-installer/ffmpeg",
  "@ffprobe-installer/ffprobe",
  "fsevents",
];
const external = (id) => EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`));

rmSync(out, { recursive: true, force: true });
await build({
  input: {
    main: entry,
    // Worker threads are started from `new URL("./<name>.js", import.meta.url)` of the chunk that
    // holds library/search/vector-threads: they must sit in the same folder.
    "search-thread": join(dist, "library", "search", "search-thread.js"),
    "index-writer-thread": join(dist, "library", "search", "index-writer-thread.js"),
  },
  platform: "node",
  external,
  logLevel: "warn",
  output: { dir: out, format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
});
// The entry keeps cli/main.ts's own first line (the interpreter and its flags): that is how `svc`
// starts when run as a program. Executable, as npm makes a linked bin.
const first = readFileSync(entry, "utf8").split("\n", 1)[0];
const shebang = first.startsWith("#!") ? `${first}\n` : "";
writeFileSync(entry, `${shebang}import "./bundle/main.js";\n`);
chmodSync(entry, 0o755);
