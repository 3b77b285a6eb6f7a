import { useEffect, useState } from "preact/hooks";
import { ApiError, storedToken } from "../api.js";
import { probeStream, streamGrant, streamUrl } from "../client.js";

/**
 * What the `<video>` plays, and why it cannot when it cannot. A `<video>` cannot send the token,
 * so a token holder asks for a grant for this item and plays the URL that carries it (by byte
 * ranges, any size); without a token (local trust) it plays the stream itself.
 */
export function useStreamSource(project: string, id: number, playable: boolean) {
  const token = storedToken();
  const [grantedSrc, setGrantedSrc] = useState<string | null>(null);
  const [playError, setPlayError] = useState<string | null>(null);

  useEffect(() => setPlayError(null), [id, project]);

  useEffect(() => {
    setGrantedSrc(null);
    if (!token || !playable) return;
    let stop = false;
    streamGrant(project, id).then(
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

  /** After the video failed: the stream's own reason (its 409), else the browser's. */
  const explain = async () => {
    try {
      await probeStream(project, id);
      setPlayError("this browser cannot play the file");
    } catch (e) {
      setPlayError(e instanceof ApiError ? e.message : String(e));
    }
  };

  const src = token ? (grantedSrc ?? undefined) : streamUrl(project, id);
  return { src, playError, explain };
}
