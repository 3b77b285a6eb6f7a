import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { z } from "zod";
import type { COLOR_PROFILES, EDITOR_PROXY_ITEM, STREAM_GRANT, WORDS } from "../../api/responses.js";
import {
  ApiError,
  getJson,
  type MediaItem,
  request,
  type Scene,
  type Segment,
  seconds,
  sendJson,
  storedToken,
  type Word,
} from "./api.js";
import { navigate } from "./router.js";
import { Thumb } from "./thumb.js";

type ProxyItem = z.infer<typeof EDITOR_PROXY_ITEM>;

const projectQuery = (project: string, sep = "?") =>
  project ? `${sep}project=${encodeURIComponent(project)}` : "";

interface Spoken {
  text: string;
  at: number;
}

/** A segment's words with times spread evenly over it, for a transcript without word timings. */
function spread(segment: Segment): Spoken[] {
  const parts = segment.text.split(/\s+/).filter(Boolean);
  const step = parts.length > 0 ? (segment.end - segment.start) / parts.length : 0;
  return parts.map((text, i) => ({ text, at: segment.start + i * step }));
}

/**
 * The words of each segment: the recogniser's own timings, each word under the last segment that
 * starts at or before it. A segment past the last timed word (the answer is capped) or one with
 * no timed word in it falls back to the even spread, so no spoken text goes missing.
 */
function transcriptLines(segments: readonly Segment[], timed: readonly Word[]): Spoken[][] {
  const lines: Spoken[][] = segments.map(() => []);
  let s = 0;
  for (const w of timed) {
    while (s + 1 < segments.length && (segments[s + 1]?.start ?? Infinity) <= w.start) s += 1;
    lines[s]?.push({ text: w.word, at: w.start });
  }
  return segments.map((segment, i) => {
    const line = lines[i] ?? [];
    return line.length > 0 ? line : spread(segment);
  });
}

export function Clip({ id, project, startAt }: { id: number; project: string; startAt: number | null }) {
  const [item, setItem] = useState<MediaItem | null>(null);
  const [scenes, setScenes] = useState<Scene[]>([]);
  const [segments, setSegments] = useState<Segment[]>([]);
  const [timed, setTimed] = useState<Word[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [playError, setPlayError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [proxy, setProxy] = useState<ProxyItem | null>(null);
  const [tag, setTag] = useState("");
  const [profiles, setProfiles] = useState<{ id: string; name: string }[]>([]);
  const video = useRef<HTMLVideoElement>(null);
  const lines = useMemo(() => transcriptLines(segments, timed), [segments, timed]);
  const p = projectQuery(project);

  useEffect(() => {
    setItem(null);
    setError(null);
    setPlayError(null);
    getJson<MediaItem>(`/api/media/${id}${p}`).then(setItem, (e: unknown) => setError((e as Error).message));
    getJson<Scene[]>(`/api/media/${id}/scenes${p}`).then(setScenes, () => setScenes([]));
    getJson<Segment[]>(`/api/media/${id}/segments${p}`).then(setSegments, () => setSegments([]));
    getJson<z.infer<typeof WORDS>>(`/api/media/${id}/words${p}`).then(
      (body) => setTimed(body.words),
      () => setTimed([]),
    );
    getJson<ProxyItem>(`/api/proxy/editor/${id}${p}`).then(setProxy, () => setProxy(null));
    getJson<z.infer<typeof COLOR_PROFILES>>("/api/color-profiles").then(
      (body) => setProfiles(body.profiles),
      () => setProfiles([]),
    );
  }, [id, p]);

  const seek = (t: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = t;
    void v.play().catch(() => undefined);
  };

  const patch = async (path: string, body: unknown, done: string) => {
    try {
      setItem(await sendJson<MediaItem>("PATCH", `/api/media/${id}/${path}${p}`, body));
      setMessage(done);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  const mark = (which: "in_point" | "out_point") => {
    const t = video.current?.currentTime ?? 0;
    void patch(
      "inout",
      { [which]: Math.round(t * 1000) / 1000 },
      `${which === "in_point" ? "In" : "Out"} set at ${seconds(t)}`,
    );
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest("input, textarea, select")) return;
      if (e.key === "i" || e.key === "I") mark("in_point");
      else if (e.key === "o" || e.key === "O") mark("out_point");
      else if (e.key === " " && target.tagName !== "BUTTON" && target.tagName !== "VIDEO") {
        e.preventDefault();
        const v = video.current;
        if (v) v.paused ? void v.play() : v.pause();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });

  const streamUrl = `/api/stream?id=${id}${projectQuery(project, "&")}`;
  const token = storedToken();
  // A <video> cannot send the token, so a token holder asks for a grant for this item and plays
  // the URL that carries it (by byte ranges, any size).
  const [grantedSrc, setGrantedSrc] = useState<string | null>(null);
  const playable = item !== null && item.type !== "image";
  useEffect(() => {
    setGrantedSrc(null);
    if (!token || !playable) return;
    let stop = false;
    sendJson<z.infer<typeof STREAM_GRANT>>(
      "POST",
      "/api/stream/grant",
      project ? { id, project } : { id },
    ).then(
      (granted) => {
        if (!stop) setGrantedSrc(granted.url);
      },
      (e: unknown) => {
        if (!stop) setPlayError(e instanceof ApiError ? e.message : String(e));
      },
    );
    return () => {
      stop = true;
    };
  }, [id, project, token, playable]);

  const whyNoPlay = async () => {
    try {
      await request(streamUrl, { headers: { range: "bytes=0-0" } });
      setPlayError("this browser cannot play the file");
    } catch (e) {
      setPlayError(e instanceof ApiError ? e.message : String(e));
    }
  };

  const makeProxy = async () => {
    setMessage("Making an editor proxy…");
    setProxy({ id, status: "encoding" });
    try {
      await sendJson("POST", "/api/proxy/editor", project ? { ids: [id], project } : { ids: [id] });
      setMessage("Editor proxy ready");
    } catch (e) {
      setMessage((e as Error).message);
    }
    getJson<ProxyItem>(`/api/proxy/editor/${id}${p}`).then(setProxy, () => setProxy(null));
  };

  // The playback proxy is an ingest stage: a pass makes every one that is pending.
  const makePlaybackProxy = async () => {
    try {
      await sendJson("POST", "/api/ingest", project ? { project } : {});
      setMessage("An ingest pass is making the playback proxy; reload the clip once it is done");
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  const remove = async () => {
    try {
      await request(`/api/media/${id}${p}`, { method: "DELETE" });
      setMessage("Moved to the trash");
      setItem((it) => (it ? { ...it, missing: true } : it));
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  const undo = async () => {
    try {
      await request(`/api/trash/${id}/restore${p}`, { method: "POST" });
      setMessage("Restored from the trash");
      setItem(await getJson<MediaItem>(`/api/media/${id}${p}`));
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  if (error)
    return (
      <section class="clip">
        <h1>Clip {id}</h1>
        <p class="error">{error}</p>
      </section>
    );
  if (!item)
    return (
      <section class="clip">
        <p>Loading…</p>
      </section>
    );
  return (
    <section class="clip" aria-label="Clip">
      <button
        type="button"
        class="link"
        onClick={() => (history.length > 1 ? history.back() : navigate("/"))}
      >
        ← Library
      </button>
      <h1>{item.name}</h1>
      <div class="clip-body">
        <div class="player">
          {item.type === "image" ? (
            <Thumb src={item.thumbnail_url} alt={item.name} className="still" />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: the transcript beside the player is the caption
            <video
              ref={video}
              src={token ? (grantedSrc ?? undefined) : streamUrl}
              controls
              preload="metadata"
              onLoadedMetadata={() => {
                if (startAt !== null && video.current) video.current.currentTime = startAt;
              }}
              onError={() => void whyNoPlay()}
            />
          )}
          {playError && (
            <p class="error" role="alert">
              {playError}{" "}
              <button type="button" onClick={() => void makePlaybackProxy()}>
                Make a proxy
              </button>
            </p>
          )}
          <div class="marks">
            <button type="button" onClick={() => mark("in_point")} aria-keyshortcuts="I">
              Set in (I)
            </button>
            <button type="button" onClick={() => mark("out_point")} aria-keyshortcuts="O">
              Set out (O)
            </button>
            <span>
              In <output data-testid="in-point">{seconds(item.in_point)}</output> · Out{" "}
              <output data-testid="out-point">{seconds(item.out_point)}</output>
            </span>
            <button
              type="button"
              onClick={() => void patch("inout", { in_point: null, out_point: null }, "Marks cleared")}
            >
              Clear
            </button>
          </div>
          {message && (
            <p class="message" role="status">
              {message}
            </p>
          )}
          <section class="filmstrip" aria-label="Scenes">
            {scenes.map((s) => (
              <button
                type="button"
                key={s.id}
                class="scene"
                onClick={() => seek(s.start_s)}
                title={s.description ?? ""}
              >
                <Thumb src={s.keyframe_url} alt={`Scene ${s.index} at ${seconds(s.start_s)}`} />
                <span>{seconds(s.start_s)}</span>
              </button>
            ))}
          </section>
        </div>
        <aside class="details">
          <dl>
            <dt>Duration</dt>
            <dd>{seconds(item.duration_s)}</dd>
            <dt>Size</dt>
            <dd>
              {item.width && item.height ? `${item.width}×${item.height}` : "–"}{" "}
              {item.fps ? `${item.fps} fps` : ""}
            </dd>
            <dt>Status</dt>
            <dd>
              {item.status}
              {item.failed_stage ? ` (${item.failed_stage})` : ""}
            </dd>
            <dt>Colour profile</dt>
            <dd>
              <select
                aria-label="Colour profile"
                value={item.color_profile ?? ""}
                onChange={(e) =>
                  void patch(
                    "color-profile",
                    { profile: e.currentTarget.value || null },
                    "Colour profile saved",
                  )
                }
              >
                <option value="">none</option>
                {profiles.map((profile) => (
                  <option key={profile.id} value={profile.id}>
                    {profile.name}
                  </option>
                ))}
              </select>
              {item.color_profile_suggested &&
                !item.color_profile &&
                ` (camera suggests ${item.color_profile_suggested})`}
            </dd>
            <dt>Editor proxy</dt>
            <dd>
              {proxy?.status ?? "none"}{" "}
              <button type="button" onClick={() => void makeProxy()}>
                Make
              </button>
            </dd>
          </dl>
          <label>
            Rating
            <select
              value={item.rating ?? ""}
              onChange={(e) =>
                void patch("rating", { rating: e.currentTarget.value || null }, "Rating saved")
              }
            >
              <option value="">none</option>
              {["1", "2", "3", "4", "5"].map((r) => (
                <option key={r} value={r}>
                  {"★".repeat(Number(r))}
                </option>
              ))}
            </select>
          </label>
          <form
            class="inline"
            onSubmit={(e) => {
              e.preventDefault();
              const camera = new FormData(e.currentTarget);
              void patch(
                "camera",
                {
                  camera_id: String(camera.get("camera_id") ?? "") || null,
                  angle: String(camera.get("angle") ?? "") || null,
                },
                "Camera saved",
              );
            }}
          >
            <label>
              Camera <input name="camera_id" size={6} defaultValue={item.camera_id ?? ""} />
            </label>
            <label>
              Angle <input name="angle" size={6} defaultValue={item.angle ?? ""} />
            </label>
            <button type="submit">Save</button>
          </form>
          <p class="tags">
            {item.tags.map((t) => (
              <span class="tag" key={t.name}>
                {t.name}
              </span>
            ))}
          </p>
          <form
            class="inline"
            onSubmit={(e) => {
              e.preventDefault();
              if (!tag.trim()) return;
              sendJson("POST", `/api/media/${id}/tags${p}`, { name: tag.trim() })
                .then(() => getJson<MediaItem>(`/api/media/${id}${p}`))
                .then(
                  (it) => {
                    setItem(it);
                    setTag("");
                  },
                  (err: unknown) => setMessage((err as Error).message),
                );
            }}
          >
            <label>
              Add tag <input value={tag} onInput={(e) => setTag(e.currentTarget.value)} />
            </label>
            <button type="submit">Add</button>
          </form>
          <p>
            {item.missing ? (
              <button type="button" onClick={() => void undo()}>
                Undo delete
              </button>
            ) : (
              <button type="button" class="danger" onClick={() => void remove()}>
                Delete (to trash)
              </button>
            )}
          </p>
          <h2>Transcript</h2>
          <div class="transcript">
            {segments.length === 0 && <p>No transcript.</p>}
            {lines.map((line, i) => (
              <p key={segments[i]?.start ?? i}>
                {line.map((w, j) => (
                  <button type="button" class="word" key={j} data-at={w.at} onClick={() => seek(w.at)}>
                    {w.text}
                  </button>
                ))}
              </p>
            ))}
          </div>
        </aside>
      </div>
    </section>
  );
}
