import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The web app builds its requests in one module, web/src/client.ts: a component that wrote an
// API path of its own would add the `?project=` by hand again, untyped.
const SRC = join(import.meta.dirname, "..", "..", "web", "src");
const CLIENT = "client.ts";
// The transport under the client: the one place that calls fetch with the stored token.
const TRANSPORT = "api.ts";

const sources = (readdirSync(SRC, { recursive: true, encoding: "utf8" }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file: relative(SRC, join(SRC, file)), text: readFileSync(join(SRC, file), "utf8") }));

/** The lines of `text` (numbered from 1) that match `pattern`. */
const linesMatching = (text: string, pattern: RegExp) =>
  text.split("\n").flatMap((line, i) => (pattern.test(line) ? [`${i + 1}: ${line.trim()}`] : []));

describe("the web app's requests", () => {
  it("are built only by the client module: no API path written anywhere else", () => {
    expect(sources.map((s) => s.file)).toContain(CLIENT);
    const found = sources
      .filter((s) => s.file !== CLIENT)
      .flatMap((s) => linesMatching(s.text, /["'`]\/api\//).map((line) => `${s.file}:${line}`));
    expect(found).toEqual([]);
  });

  it("go out only through the client and the transport under it", () => {
    const found = sources
      .filter((s) => s.file !== CLIENT && s.file !== TRANSPORT)
      .flatMap((s) =>
        linesMatching(s.text, /\b(fetch|XMLHttpRequest|EventSource|WebSocket)\s*\(/).map(
          (line) => `${s.file}:${line}`,
        ),
      );
    expect(found).toEqual([]);
  });
});
