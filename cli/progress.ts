import type { Io } from "./io.js";

/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
export function createProgressBar(io: Io) {
  const enabled = Boolean(io.stderr.isTTY);
  let total = 0;
  let done = 0;
  const draw = (label: string) => {
    if (!enabled || total === 0) return;
    const width = 30;
    const filled = Math.round((done / total) * width);
    const name = label.length > 40 ? `…${label.slice(-39)}` : label;
    io.stderr.write(`\r\x1b[2K[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${name}`);
  };
  return {
    start(count: number) {
      total = count;
      draw("");
    },
    tick(label: string) {
      done += 1;
      draw(label);
    },
    finish() {
      if (enabled && total > 0) io.stderr.write("\r\x1b[2K");
    },
  };
}
