import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import * as responses from "../../api/responses.js";
import type { MEDIA_DETAIL, TRANSCRIPT_VIEW } from "../../domain/schemas/media.js";
import { getMedia } from "../../library/media/browse.js";
import { mediaTranscript } from "../../library/media/transcript.js";

const SCHEMAS = fileURLToPath(new URL("../../domain/schemas/", import.meta.url));

async function answerSchemas(): Promise<Set<unknown>> {
  const found = new Set<unknown>();
  for (const file of readdirSync(SCHEMAS).filter((name) => name.endsWith(".ts"))) {
    const module: Record<string, unknown> = await import(`${SCHEMAS}${file}`);
    for (const value of Object.values(module)) found.add(value);
  }
  return found;
}

describe("one schema per answer (ARCHITECTURE.md)", () => {
  it("api/responses.ts answers with the schemas of domain/schemas/ and defines none of its own", async () => {
    const shared = await answerSchemas();
    const own = Object.entries(responses)
      .filter(([, schema]) => !shared.has(schema))
      .map(([name]) => name);
    expect(own).toEqual([]);
  });

  // Checked by tsc (npm run check): a hand-kept return type beside the schema would differ from it.
  it("the library's functions return what their schemas describe", () => {
    expectTypeOf(getMedia).returns.toEqualTypeOf<z.infer<typeof MEDIA_DETAIL>>();
    expectTypeOf(mediaTranscript).returns.toEqualTypeOf<z.infer<typeof TRANSCRIPT_VIEW>>();
  });
});
