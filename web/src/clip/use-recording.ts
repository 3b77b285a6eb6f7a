import { useEffect, useState } from "preact/hooks";
import { listMedia, type MediaItem } from "../client.js";

// More parts than any camera splits one take into; the answer says when there are more.
const MAX_PARTS = 500;

/**
 * The parts of the spanned recording `spanId` names, first to last (`GET /api/media?span=`), with
 * how many there are; null for an item in no span or while they are on their way.
 */
export function useRecording(project: string, spanId: string | null) {
  const [parts, setParts] = useState<{ items: MediaItem[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setParts(null);
    setError(null);
    if (spanId === null) return;
    listMedia(project, { span: spanId, limit: MAX_PARTS }).then(
      (page) => setParts({ items: page.items, total: page.total }),
      (e: unknown) => setError((e as Error).message),
    );
  }, [project, spanId]);
  return { parts, error };
}
