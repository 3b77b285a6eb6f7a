import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { Marker, Subclip } from "../../domain/schemas/marks.js";
import type { SyncPair as Pair } from "../../domain/schemas/sync.js";
import type { ServeChild } from "../support/cli.js";
import { ff } from "../support/speech.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { axeSerious as axeViolations } from "../support/web-page.js";
import { useWebSession } from "../support/web-session.js";

const hasTools = needTools("ffmpeg", "ffprobe", "chromium");

// The recorder started 1 s before the camera: the camera's first frame is 1 s into the sound file.
const OFFSET_S = 1;
const FPS = 24;
const SOUND_RATE = 48_000;

interface Item {
  id: number;
  name: string;
  status: string;
  in_point: number | null;
  out_point: number | null;
}
type Mark = Marker | Subclip;

/**
 * A recorder's take and the camera clip shot during it: 6 s of pink noise whose loudness swells
 * (a shape the cross-correlation can lock on), and 4 s of picture at 24 fps whose scratch track is
 * that sound from 1 s in, at half the gain.
 */
async function makePair(dir: string): Promise<void> {
  const sound = join(dir, "take_01.wav");
  await ff([
    ...["-f", "lavfi", "-i", `anoisesrc=d=6:c=pink:r=${SOUND_RATE}:a=0.5:seed=7`],
    ...["-af", "volume='0.2+0.8*abs(sin(2.3*t)*sin(0.7*t))':eval=frame"],
    ...["-ac", "1", "-c:a", "pcm_s16le", sound],
  ]);
  await ff([
    ...["-f", "lavfi", "-i", `testsrc=size=160x90:rate=${FPS}:d=4`],
    ...["-ss", String(OFFSET_S), "-t", "4", "-i", sound],
    ...["-map", "0:v", "-map", "1:a", "-af", "volume=0.5"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k"],
    join(dir, "A001_C002.mp4"),
  ]);
}

// One browser session through an assistant's morning, in order: the marks made first, the sync after.
describe.skipIf(!hasTools)("markers, subclips and sync review in the web app", { shuffle: false }, () => {
  let camera: Item;
  let sound: Item;
  let page: Page;
  let serve: ServeChild;
  const web = useWebSession({
    prepare: makePair,
    chromiumArgs: ["--autoplay-policy=no-user-gesture-required"],
    ready: async (session) => {
      const listed = await session.api<{ items: Item[] }>("/api/media?limit=10");
      if (listed.items.length !== 2 || !listed.items.every((i) => i.status === "done")) return false;
      camera = listed.items.find((i) => i.name === "A001_C002.mp4") as Item;
      sound = listed.items.find((i) => i.name === "take_01.wav") as Item;
      return true;
    },
  });
  const api = <T>(path: string, init?: RequestInit) => web.api<T>(path, init);
  const pageUntil = (expression: string) => web.pageUntil(expression);
  const shot = (name: string) => web.shot(name);
  const axeSerious = () => axeViolations(page);
  const seekTo = async (t: number) => {
    await page.evaluate(`document.querySelector("video").currentTime = ${t}`);
    await pageUntil('!document.querySelector("video").seeking');
  };

  beforeEach(() => {
    page = web.page;
    serve = web.serve;
  });

  it("adds a marker with M at the playhead, takes its note in place and keeps it through the API", async () => {
    await page.goto(new URL(`/clip/${camera.id}`, serve.url).href);
    await pageUntil('document.querySelector("video")?.readyState >= 2');
    // The strip draws the clip's peaks.
    await page.locator(".strip canvas.waveform").waitFor();
    await seekTo(1.5);
    await page.locator("h1").click();
    await page.keyboard.press("m");
    const row = page.locator('ul[aria-label="Markers"] li');
    await row.first().waitFor();
    // The new marker's note has the focus: what is typed next is its note, M included, not keys.
    await pageUntil('document.activeElement?.getAttribute("aria-label") === "Note of the marker at 0:01.5"');
    await page.keyboard.type("boom dips, mic in shot");
    await page.keyboard.press("Enter");
    await page.getByText("Marker saved").waitFor();
    const saved = await api<{ items: Mark[] }>(`/api/media/${camera.id}/markers`);
    expect(saved.items).toHaveLength(1);
    expect(saved.items[0]).toMatchObject({ note: "boom dips, mic in shot", color: "blue", kind: "marker" });
    expect(saved.items[0]?.start_s).toBeCloseTo(1.5, 2);
    // Colour and kind are chosen in place too.
    await page.getByLabel("Colour of the marker at 0:01.5").selectOption("red");
    await page.getByText("Marker saved").waitFor();
    await until("the colour saved", async () => {
      const list = await api<{ items: Mark[] }>(`/api/media/${camera.id}/markers`);
      return list.items[0]?.color === "red";
    });
    await page.locator(".strip .marker-tick").waitFor();

    // A subclip of the in–out range: I, O, then Shift+M.
    await seekTo(0.5);
    await page.keyboard.press("i");
    await page.getByText(/^In set at/).waitFor();
    await seekTo(2.5);
    await page.keyboard.press("o");
    await page.getByText(/^Out set at/).waitFor();
    await page.keyboard.press("Shift+M");
    await page.locator('ul[aria-label="Subclips"] li').waitFor();
    const subclips = await api<{ items: Mark[] }>(`/api/media/${camera.id}/subclips`);
    expect(subclips.items).toHaveLength(1);
    expect(subclips.items[0]?.start_s).toBeCloseTo(0.5, 2);
    expect(subclips.items[0]?.end_s).toBeCloseTo(2.5, 2);
    await page.getByLabel("Name of the subclip 0:00.5–0:02.5").fill("wide, good take");
    await page.getByLabel("Name of the subclip 0:00.5–0:02.5").press("Enter");
    await page.getByText("Subclip saved").waitFor();
    await shot("clip-timeline");
    expect(await axeSerious()).toEqual([]);

    // What the page shows after a reload is what the API kept.
    await page.reload();
    await page.getByLabel("Note of the marker at 0:01.5").waitFor();
    expect(await page.getByLabel("Note of the marker at 0:01.5").inputValue()).toBe("boom dips, mic in shot");
    expect(await page.getByLabel("Colour of the marker at 0:01.5").inputValue()).toBe("red");
    expect(await page.getByLabel("Name of the subclip 0:00.5–0:02.5").inputValue()).toBe("wide, good take");
    expect(await api<{ items: Mark[] }>(`/api/media/${camera.id}/markers`)).toMatchObject({
      items: [{ note: "boom dips, mic in shot" }],
    });

    // Delete removes it from the list and the API.
    await page.getByRole("button", { name: "Delete the marker at 0:01.5" }).click();
    await page.getByText("Marker deleted").waitFor();
    expect((await api<{ items: Mark[] }>(`/api/media/${camera.id}/markers`)).items).toEqual([]);
  });

  it("runs a sync from the Sync screen, lists the pair it found, and its page plays, nudges and accepts it", async () => {
    await page.goto(new URL("/sync", serve.url).href);
    await page.getByRole("link", { name: "Sync", exact: true }).waitFor();
    await page.getByRole("button", { name: "Run sync" }).click();
    const row = page.locator("table.pairs tbody tr");
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().getByText("A001_C002.mp4").waitFor();
    await row.first().getByText("take_01.wav").waitFor();
    await page.getByText(/Last sync done/).waitFor();
    await shot("sync");
    expect(await axeSerious()).toEqual([]);

    const [before] = (await api<{ items: Pair[] }>("/api/sync/pairs")).items;
    expect(before).toMatchObject({ camera_media_id: camera.id, sound_media_id: sound.id, state: "proposed" });
    expect((before as Pair).offset_samples / (before as Pair).sound_rate).toBeCloseTo(OFFSET_S, 2);

    await row.first().getByRole("link", { name: "A001_C002.mp4" }).click();
    await page.waitForURL(`**/sync/${camera.id}/${sound.id}`);
    await page.getByTestId("state").getByText("proposed").waitFor();
    await page.locator(".aligned canvas.waveform").nth(1).waitFor();

    // The picture plays muted with the recorder's sound in step: at picture time t, sound time t + offset.
    await pageUntil(
      'document.querySelector("video").readyState >= 2 && document.querySelector("audio").readyState >= 1',
    );
    await page.evaluate('document.querySelector("video").play()');
    await pageUntil('document.querySelector("video").currentTime > 0.5');
    const offsetS = (before as Pair).offset_samples / (before as Pair).sound_rate;
    await pageUntil(
      `(() => { const v = document.querySelector("video"), a = document.querySelector("audio");
        return v.muted && !a.paused && Math.abs(a.currentTime - (v.currentTime + ${offsetS})) < 0.15; })()`,
    );
    await page.evaluate('document.querySelector("video").pause()');
    await pageUntil('document.querySelector("audio").paused');

    // `.` nudges one frame later, A accepts: both through the API, shown as it answers.
    await page.locator("h1").click();
    await page.keyboard.press(".");
    await page.getByText("Nudged +1 frame").waitFor();
    const nudged = (await api<{ items: Pair[] }>("/api/sync/pairs")).items[0] as Pair;
    expect(nudged.offset_frames).toBeCloseTo((before as Pair).offset_frames + 1, 3);
    expect(nudged.offset_samples - (before as Pair).offset_samples).toBe(SOUND_RATE / FPS);
    await page.keyboard.press("a");
    await page.getByTestId("state").getByText("accepted").waitFor();
    expect((await api<{ items: Pair[] }>("/api/sync/pairs")).items[0]?.state).toBe("accepted");
    await shot("sync-pair");
    expect(await axeSerious()).toEqual([]);

    // The list's filter asks the API for one state.
    await page.getByRole("button", { name: "← Sync" }).click();
    await page.getByLabel("State").selectOption("rejected");
    await page.getByText("No pairs rejected").waitFor();
    await page.getByLabel("State").selectOption("accepted");
    await row.first().getByText("accepted").waitFor();

    // The camera clip's page names its synced sound and leads back to the pair.
    await page.goto(new URL(`/clip/${camera.id}`, serve.url).href);
    const synced = page.locator(".sound-sync li");
    await synced.getByText(`accepted · +${nudged.offset_frames.toFixed(2)} frames`).waitFor();
    expect(await axeSerious()).toEqual([]);
    await synced.getByRole("link", { name: "take_01.wav" }).click();
    await page.waitForURL(`**/sync/${camera.id}/${sound.id}`);
    await page.getByTestId("state").getByText("accepted").waitFor();
  });
});
