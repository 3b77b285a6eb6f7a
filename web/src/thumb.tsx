import { useEffect, useState } from "preact/hooks";
import { request, storedToken } from "./api.js";

/**
 * An API image's URL once it is wanted, null until then. Without a token the browser loads it
 * directly (local trust); with one, an <img> or a CSS background cannot send the Authorization
 * header, so it is fetched and shown from a blob: URL.
 */
export function useImageUrl(src: string | null, wanted = true): string | null {
  const token = storedToken();
  const [blob, setBlob] = useState<string | null>(null);
  useEffect(() => {
    if (!src || !token || !wanted) return;
    const controller = new AbortController();
    let url: string | null = null;
    request(src, { signal: controller.signal })
      .then((r) => r.blob())
      .then((b) => {
        url = URL.createObjectURL(b);
        setBlob(url);
      })
      .catch(() => setBlob(null));
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, token, wanted]);
  if (!src || !wanted) return null;
  return token ? blob : src;
}

/** An API image, or an empty box of the same size while there is none. */
export function Thumb({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const shown = useImageUrl(src);
  if (!shown) return <div class={`thumb-empty ${className ?? ""}`} role="img" aria-label={alt} />;
  return <img src={shown} alt={alt} class={className} loading="lazy" decoding="async" />;
}
