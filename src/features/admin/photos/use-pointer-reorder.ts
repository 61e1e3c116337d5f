import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/**
 * Reordering by dragging, with pointer events so a finger, a pen and a mouse
 * all work: the owner presses a photo, moves it over another one's place and
 * lets go. The handle sets touch-action: none, so the drag does not scroll
 * the page. The move buttons stay the keyboard's and screen reader's way.
 */

export interface PointerReorder {
  /** The index being dragged, and the one it would land on. */
  dragging: { from: number; over: number; dx: number; dy: number } | null;
  handleProps: (index: number) => {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
  };
}

/** Pixels a press must travel before it counts as a drag (a tap stays a tap). */
const DRAG_THRESHOLD = 6;

export function usePointerReorder(itemSelector: string, onMove: (from: number, to: number) => void): PointerReorder {
  const [dragging, setDragging] = useState<PointerReorder['dragging']>(null);
  const start = useRef<{ index: number; x: number; y: number; active: boolean } | null>(null);

  const overIndex = (x: number, y: number, fallback: number) => {
    const elements = [...document.querySelectorAll<HTMLElement>(itemSelector)];
    const found = elements.findIndex((element) => {
      const box = element.getBoundingClientRect();
      return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    });
    return found === -1 ? fallback : found;
  };

  const handleProps = (index: number) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      start.current = { index, x: event.clientX, y: event.clientY, active: false };
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const pressed = start.current;
      if (!pressed) return;
      const dx = event.clientX - pressed.x;
      const dy = event.clientY - pressed.y;
      if (!pressed.active && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      pressed.active = true;
      setDragging({ from: pressed.index, over: overIndex(event.clientX, event.clientY, pressed.index), dx, dy });
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      const pressed = start.current;
      start.current = null;
      setDragging(null);
      if (pressed?.active) onMove(pressed.index, overIndex(event.clientX, event.clientY, pressed.index));
    },
    onPointerCancel: () => {
      start.current = null;
      setDragging(null);
    },
  });

  return { dragging, handleProps };
}
