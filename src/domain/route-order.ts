import { distanceKm, type Coordinates } from './przemysl-gazetteer.ts';

/**
 * The driver's first guess and the owner's own order. Pure: the route view
 * and its tests share it (decision 033).
 */

export interface Placed {
  id: string;
  /** Null: the place is unknown; such a stop goes last and is flagged. */
  point: Coordinates | null;
}

/**
 * Nearest neighbour from `start`: each next stop is the closest to the last
 * one (ties keep the given order); stops of unknown place follow, as given.
 * Returns the ids and the last known point, where the next window starts from.
 */
export function nearestNeighbourOrder(stops: readonly Placed[], start: Coordinates | null): { ids: string[]; end: Coordinates | null } {
  const left = stops.filter((stop) => stop.point !== null);
  const unknown = stops.filter((stop) => stop.point === null).map((stop) => stop.id);
  const ids: string[] = [];
  let here = start;
  while (left.length > 0) {
    let best = 0;
    if (here) {
      const from = here;
      left.forEach((stop, index) => {
        if (distanceKm(from, stop.point as Coordinates) < distanceKm(from, left[best]?.point as Coordinates)) best = index;
      });
    }
    const [next] = left.splice(best, 1);
    if (!next) break;
    ids.push(next.id);
    here = next.point;
  }
  return { ids: [...ids, ...unknown], end: here };
}

/** Windows one after another: each is ordered from where the previous one ended (the shop for the first). */
export function guessDayRoute(windows: readonly (readonly Placed[])[], shop: Coordinates | null): string[][] {
  let from = shop;
  return windows.map((stops) => {
    const { ids, end } = nearestNeighbourOrder(stops, from);
    from = end ?? from;
    return ids;
  });
}

/** The owner's saved order first (as saved), then stops the owner has not placed yet, in the given (guessed) order. */
export function withSavedOrder(ids: readonly string[], saved: readonly string[]): string[] {
  const rank = new Map(saved.map((id, index) => [id, index]));
  const placed = ids.filter((id) => rank.has(id)).sort((left, right) => (rank.get(left) ?? 0) - (rank.get(right) ?? 0));
  return [...placed, ...ids.filter((id) => !rank.has(id))];
}

/** `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveStop(ids: readonly string[], id: string, step: -1 | 1): string[] {
  const index = ids.indexOf(id);
  const target = index + step;
  if (index < 0 || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}
