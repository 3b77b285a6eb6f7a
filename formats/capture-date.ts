/**
 * Capture timestamps arrive in many shapes: ISO 8601 from QuickTime (`2024-03-05T23:30:00-0800`),
 * EXIF (`2024:03:05 23:30:00-08:00`), or a bare day. The shoot day is the calendar day the camera
 * wrote: the time zone is dropped, never converted, so a clip shot late in the evening stays on
 * the day it was shot.
 */
const DAY = /^\s*(\d{4})[-:/](\d{2})[-:/](\d{2})(?:$|[T\s])/;

export function shotDateFrom(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const match = DAY.exec(raw);
  if (!match) return null;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  // Cameras with an unset clock write 0000:00:00 or 1904/1970 epochs; those are not shoot days.
  if (year < 1980 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${y}-${m}-${d}`;
}
