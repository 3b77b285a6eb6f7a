/**
 * What the header of one frame of an image sequence (DPX, EXR) says about the sequence: the
 * rate it was made at and the timecode of that frame, each null when the header leaves it unset.
 * Readers take the first bytes of the file and never the picture.
 */
export interface FrameHeader {
  /** Frames per second as the header claims it, unchecked (a bad claim is the caller's to refuse). */
  fps: number | null;
  /** SMPTE timecode packed as binary-coded decimal, hours in the top byte, frames in the bottom. */
  timecode: number | null;
}

export interface HeaderTimecode {
  hours: number;
  minutes: number;
  seconds: number;
  frames: number;
  dropFrame: boolean;
}

/** Two BCD digits (the tens in the bits of `tensMask`), or null when one is not a decimal digit. */
function bcd(value: number, tensMask: number): number | null {
  const units = value & 0x0f;
  const tens = (value >> 4) & tensMask;
  return units > 9 || tens > 9 ? null : tens * 10 + units;
}

/**
 * A packed SMPTE 12M timecode (DPX's TV header, EXR's `timeCode`), or null when it is not one: a
 * digit that is not decimal or a field out of range. Bit 6 of the frames byte is the drop-frame
 * flag; the other flag bits SMPTE 12M packs beside the digits are ignored where `flags` says the
 * format keeps them (EXR). DPX stores plain HHMMSSFF, so there a top bit set (a negative number
 * written into the unsigned field) is not a timecode.
 */
export function decodeTimecode(packed: number, flags: boolean): HeaderTimecode | null {
  if (!Number.isInteger(packed) || packed < 0 || packed > 0xffffffff) return null;
  const frames = bcd(packed & 0xff, 0x3);
  const seconds = bcd((packed >>> 8) & 0xff, 0x7);
  const minutes = bcd((packed >>> 16) & 0xff, 0x7);
  const hours = bcd((packed >>> 24) & 0xff, flags ? 0x3 : 0xf);
  if (frames === null || seconds === null || minutes === null || hours === null) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return { hours, minutes, seconds, frames, dropFrame: (packed & 0x40) !== 0 };
}

/** The packed form of a timecode, as DPX and EXR headers store it. */
export function encodeTimecode(tc: HeaderTimecode): number {
  const two = (n: number) => ((Math.floor(n / 10) << 4) | (n % 10)) >>> 0;
  return (
    (((two(tc.hours) << 24) | (two(tc.minutes) << 16) | (two(tc.seconds) << 8) | two(tc.frames)) +
      (tc.dropFrame ? 0x40 : 0)) >>>
    0
  );
}
