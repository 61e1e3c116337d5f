import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../../boot/triggers.ts';

/*
 * A page of product cards is the heaviest render of the storefront: on a slow
 * phone each render of it is main-thread work a tap waits behind. These two
 * keep that work small: fewer renders, and long lists added in slices.
 */

/**
 * A count that climbs to `target` by `step`, each step as a transition in a
 * task of its own: the rest of a long list is added in small commits that a
 * slow phone interleaves with taps and paints, not in one long task.
 * Starting at `target` or above renders everything at once.
 */
export function useSteppedCount(target: number, start: number, step: number): number {
  const [count, setCount] = useState(start);
  useEffect(() => {
    if (count >= target) return;
    let cancelled = false;
    void nextTask().then(() => {
      if (!cancelled) startTransition(() => setCount((current) => current + step));
    });
    return () => {
      cancelled = true;
    };
  }, [count, target, step]);
  return Math.min(count, target);
}

/**
 * `value`, or the one returned before when `same` says nothing changed: a new
 * array with the same content (the device's copy of the catalogue read back,
 * an empty list of favourites after none was known) then re-renders nothing
 * that compares by identity.
 */
export function useContentStable<T>(value: T, same: (previous: T, next: T) => boolean): T {
  const [kept, setKept] = useState(value);
  const unchanged = kept === value || same(kept, value);
  // Adjusting state while rendering: React renders again at once, before any effect or paint.
  if (!unchanged) setKept(value);
  return unchanged ? kept : value;
}
