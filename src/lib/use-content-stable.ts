import { useState } from 'react';

/**
 * `value`, or the one returned before when `same` says nothing changed: a new
 * array with the same content (the device's copy of the catalogue read back,
 * an empty list of favourites after none was known) then re-renders nothing
 * that compares by identity (every such render of a page of cards
 * is main-thread work on a slow phone).
 */
export function useContentStable<T>(value: T, same: (previous: T, next: T) => boolean): T {
  const [kept, setKept] = useState(value);
  const unchanged = kept === value || same(kept, value);
  // Adjusting state while rendering: React renders again at once, before any effect or paint.
  if (!unchanged) setKept(value);
  return unchanged ? kept : value;
}
