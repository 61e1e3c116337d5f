/**
 * A time of day as minutes after midnight, written the Polish way: '9:00',
 * '15:30' (a leading zero is accepted: '09:00').
 */

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** '9:00' → 540; null for anything that is not H:MM or HH:MM within a day. */
export function parseTimeOfDay(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 540 → '9:00'. */
export function formatTimeOfDay(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 540 → '09:00': zero-padded, for ids that sort by time and for a clock's reading. */
export function formatClockTime(minutes: number): string {
  return formatTimeOfDay(minutes).padStart(5, '0');
}

/** A span of the day, start before end, in minutes after midnight. */
export interface TimeRange {
  start: number;
  end: number;
}

/** '9:00–12:00' (en dash, hyphen or em dash; spaces allowed) → { start: 540, end: 720 }; null if unreadable or not start < end. */
export function parseTimeRange(text: string): TimeRange | null {
  const parts = text.split(/[–—-]/);
  if (parts.length !== 2) return null;
  const start = parseTimeOfDay(parts[0] ?? '');
  const end = parseTimeOfDay(parts[1] ?? '');
  if (start === null || end === null || start >= end) return null;
  return { start, end };
}

/** { start: 540, end: 720 } → '9:00–12:00'. */
export function formatTimeRange(range: TimeRange): string {
  return `${formatTimeOfDay(range.start)}–${formatTimeOfDay(range.end)}`;
}
