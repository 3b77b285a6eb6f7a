/**
 * A CMX3600 edit decision list reader written from the published layout (event number, reel,
 * channels, transition, optional duration, source in/out, record in/out; `*` comment lines and
 * DaVinci Resolve's ` |C: |M: |D:` marker lines belong to the event above them). Strict: any
 * line it does not recognise is an error, so a writer cannot get away with a malformed list.
 * Record timecode counts in the list's `FCM:` mode; source timecode is each source's own label,
 * `;` before the frames when that source counts in drop frame.
 */
export interface EdlEvent {
  number: number;
  reel: string;
  channels: string;
  transition: string;
  sourceIn: string;
  sourceOut: string;
  recordIn: string;
  recordOut: string;
  comments: string[];
  /** Resolve marker fields of the event: colour, name, duration. */
  marker?: { colour: string; name: string; duration: number };
}

export interface EdlList {
  title: string;
  dropFrame: boolean;
  events: EdlEvent[];
}

const TC = String.raw`(\d{2}:\d{2}:\d{2}[:;]\d{2})`;
const EVENT = new RegExp(
  String.raw`^(\d{3,6})  (\S{1,8}) +(V|A|A2|B|AA|AA/V|A/V|NONE) +(C|D|W\d{3}|K[BO]?) +(?:(\d{3}) +)?${TC} ${TC} ${TC} ${TC} *$`,
);
const MARKER = /^ \|C:(\S+) \|M:(.*) \|D:(\d+)$/;

export function readCmx3600(text: string): EdlList {
  const lines = text.split("\n");
  const title = /^TITLE: (.*)$/.exec(lines[0] ?? "")?.[1];
  if (title === undefined) throw new Error("line 1: expected TITLE:");
  const fcm = /^FCM: (DROP FRAME|NON-DROP FRAME)$/.exec(lines[1] ?? "")?.[1];
  if (!fcm) throw new Error("line 2: expected FCM: DROP FRAME or NON-DROP FRAME");
  const dropFrame = fcm === "DROP FRAME";
  const events: EdlEvent[] = [];
  lines.slice(2).forEach((line, i) => {
    const at = `line ${i + 3}`;
    if (line.trim() === "") return;
    const event = EVENT.exec(line);
    if (event) {
      const [, number, reel, channels, transition, , sourceIn, sourceOut, recordIn, recordOut] =
        event as unknown as string[];
      for (const tc of [recordIn, recordOut]) {
        if (tc?.includes(";") !== dropFrame) throw new Error(`${at}: ${tc} does not match FCM ${fcm}`);
      }
      if (sourceIn?.includes(";") !== sourceOut?.includes(";"))
        throw new Error(`${at}: source in ${sourceIn} and out ${sourceOut} count in different modes`);
      events.push({
        number: Number(number),
        reel: reel as string,
        channels: channels as string,
        transition: transition as string,
        sourceIn: sourceIn as string,
        sourceOut: sourceOut as string,
        recordIn: recordIn as string,
        recordOut: recordOut as string,
        comments: [],
      });
      return;
    }
    const last = events.at(-1);
    if (!last) throw new Error(`${at}: text before the first event: ${line}`);
    if (line.startsWith("*")) {
      last.comments.push(line.slice(1).trim());
      return;
    }
    const marker = MARKER.exec(line);
    if (marker) {
      last.marker = { colour: marker[1] as string, name: marker[2] as string, duration: Number(marker[3]) };
      return;
    }
    throw new Error(`${at}: not CMX3600: ${line}`);
  });
  events.forEach((event, i) => {
    if (event.number !== i + 1) throw new Error(`event ${event.number} is out of sequence`);
  });
  return { title, dropFrame, events };
}
