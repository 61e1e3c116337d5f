/**
 * The shop's clock: the current instant, and Europe/Warsaw wall time ↔
 * absolute instants (epoch ms). Everything goes through Intl's zone data
 * (Deno and Node both carry it), so the machine's zone never matters and no
 * daylight-saving table is written here by hand.
 */

import { addDays, isoDate } from './calendar-date.ts';

export const SHOP_TIME_ZONE = 'Europe/Warsaw';

/**
 * Now, as epoch ms: the one place domain rules and the delivery functions
 * read the clock. Rules take `now` as an argument; the functions pass this,
 * so what can be booked is decided by the server's clock, never the device's.
 */
export function currentInstant(): number {
  return Date.now();
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

let formatter: Intl.DateTimeFormat | undefined;

// Created on first use: building a formatter loads zone data, which need not happen on import.
function warsawFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return formatter;
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallParts(instant: number): WallParts {
  const parts: Record<string, number> = {};
  for (const part of warsawFormatter().formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Warsaw's offset from UTC at an instant, in ms (+1 h in winter, +2 h in summer). */
function offsetAt(instant: number): number {
  const wall = wallParts(instant);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The Warsaw calendar date and the minutes since its midnight at an instant. */
export function warsawWallClock(instant: number): { date: string; minutes: number } {
  const wall = wallParts(instant);
  return { date: isoDate(wall.year, wall.month, wall.day), minutes: wall.hour * 60 + wall.minute };
}

/** The Warsaw calendar date at an instant: the shop's 'today'. */
export function warsawDate(instant: number): string {
  return warsawWallClock(instant).date;
}

/**
 * The instant when Warsaw's clocks show `minutes` after midnight of `date`.
 * A wall time that happens twice (the autumn hour) is its first occurrence;
 * one that never happens (the spring gap) is read with the offset before
 * the jump, so it lands as far after the gap as it was into it (as
 * Temporal's 'compatible' does).
 */
export function warsawInstant(date: string, minutes: number): number {
  const [year, month, day] = date.split('-').map(Number);
  const wallAsUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) + minutes * MINUTE_MS;
  // Warsaw changes its offset at most once within a day, so the offsets 12 h either side are the only candidates.
  const before = offsetAt(wallAsUtc - 12 * HOUR_MS);
  const after = offsetAt(wallAsUtc + 12 * HOUR_MS);
  const candidates = [wallAsUtc - before, wallAsUtc - after].filter((instant) => {
    const wall = warsawWallClock(instant);
    return wall.date === date && wall.minutes === minutes;
  });
  if (candidates.length > 0) return Math.min(...candidates);
  return wallAsUtc - before;
}

/** The same Warsaw wall-clock time `days` calendar days earlier (30 days before 00:00 is 00:00, whatever the clocks did). */
export function warsawDaysBefore(instant: number, days: number): number {
  const wall = warsawWallClock(instant);
  const withinMinute = instant - warsawInstant(wall.date, wall.minutes);
  return warsawInstant(addDays(wall.date, -days), wall.minutes) + withinMinute;
}
