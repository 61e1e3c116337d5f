import { useSyncExternalStore } from 'react';

/**
 * The last scroll position seen by the scroll listener. Read there, once per
 * scroll event, never while React checks its snapshot: reading scrollY then
 * forces a layout in the middle of hydration (~25 ms at 4× CPU).
 */
let lastScrollY = 0;
const listeners = new Set<() => void>();

function onScroll(): void {
  lastScrollY = window.scrollY;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('scroll', onScroll, { passive: true });
    // A page opened scrolled (restored, or an anchor): read once, after the next frame's layout.
    requestAnimationFrame(() => setTimeout(onScroll, 0));
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
}

/** True once the page is scrolled more than `threshold` px; re-renders only when that flips. */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => lastScrollY > threshold,
    () => false,
  );
}
