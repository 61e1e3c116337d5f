import { startTransition, useEffect, useState } from 'react';
import { nextTask } from './next-task.ts';

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
