import { useEffect, useMemo, useRef } from "preact/hooks";
import type { Waveform } from "./client.js";
import { useShownTheme } from "./theme.js";

/** The loudest peak of the whole sound, so a quiet scratch track fills its lane as a loud one does. */
const loudest = (peaks: Waveform) => peaks.data.reduce((top, v) => Math.max(top, Math.abs(v)), 1);

/**
 * Draws the peaks of `from`–`to` seconds of a sound across the canvas, scaled to its loudest
 * (`full`): each column the lowest and highest of the peaks it covers. Columns outside the sound
 * stay empty, so a window shifted before the file's start shows where the recording begins.
 */
function draw(
  canvas: HTMLCanvasElement,
  peaks: Waveform,
  full: number,
  from: number,
  to: number,
  color: string,
) {
  const scale = devicePixelRatio || 1;
  const width = Math.max(1, Math.round(canvas.clientWidth * scale));
  const height = Math.max(1, Math.round(canvas.clientHeight * scale));
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d");
  if (!g || to <= from) return;
  g.clearRect(0, 0, width, height);
  g.fillStyle = color;
  const perSecond = peaks.sample_rate / peaks.samples_per_pixel;
  const step = peaks.channels * 2;
  const mid = height / 2;
  for (let x = 0; x < width; x += 1) {
    const first = Math.floor((from + ((to - from) * x) / width) * perSecond);
    const last = Math.max(first + 1, Math.floor((from + ((to - from) * (x + 1)) / width) * perSecond));
    let lo = 0;
    let hi = 0;
    let any = false;
    for (let i = Math.max(0, first); i < Math.min(last, peaks.length); i += 1) {
      // Every channel's pair: the column shows the loudest of them.
      for (let c = 0; c < step; c += 2) {
        lo = Math.min(lo, peaks.data[i * step + c] ?? 0);
        hi = Math.max(hi, peaks.data[i * step + c + 1] ?? 0);
        any = true;
      }
    }
    if (!any) continue;
    const top = mid - (hi / full) * mid;
    const bottom = mid - (lo / full) * mid;
    g.fillRect(x, top, 1, Math.max(1, bottom - top));
  }
}

interface WaveformCanvasProps {
  peaks: Waveform;
  /** The window shown, in seconds of the sound. */
  from: number;
  to: number;
  label: string;
}

/**
 * A sound's peaks over a window of it, redrawn when the window, the canvas's size or the theme
 * changes; drawn in the canvas's CSS colour (style.css: the theme's waveform colour).
 */
export function WaveformCanvas({ peaks, from, to, label }: WaveformCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const full = useMemo(() => loudest(peaks), [peaks]);
  const theme = useShownTheme();
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const paint = () => draw(c, peaks, full, from, to, getComputedStyle(c).color);
    paint();
    const resized = new ResizeObserver(paint);
    resized.observe(c);
    return () => resized.disconnect();
  }, [peaks, full, from, to, theme]);
  return <canvas ref={canvas} class="waveform" role="img" aria-label={label} />;
}
