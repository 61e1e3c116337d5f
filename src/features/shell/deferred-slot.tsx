import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { afterFirstContent, afterLoadAndFirstContent } from '../../lib/first-content.ts';

/** Idle time after which a deferred chunk loads anyway, without any intent shown. */
const IDLE_TIMEOUT_MS = 2500;

/**
 * When the slot's chunk loads:
 * - 'idle': once the page has loaded, shown its first content and the browser is idle;
 * - 'device-data': the same when this device already keeps the shop's data (a cart, queued orders),
 *   else at the visitor's first tap or key anywhere: a first visit has nothing to show there;
 * - 'intent': only when the visitor points at, focuses or presses the slot.
 * In every case pointing at or focusing the slot loads it at once.
 */
export type DeferredSlotLoad = 'idle' | 'device-data' | 'intent';

/**
 * Keeps a lazily imported piece of the page (account menu, cart button,
 * install offer) out of the first load: `fallback` (a plain element of the
 * same size) shows until `load` says so; then `children` (a React.lazy
 * component) loads behind the same fallback. Children given as a function
 * learn whether the fallback was pressed before they arrived, so the first
 * tap still opens what it was meant to (the menu, the drawer).
 */
export function DeferredSlot({
  fallback,
  children,
  load = 'idle',
  preload,
}: {
  fallback: ReactNode;
  children: ReactNode | ((pressedEarly: boolean) => ReactNode);
  load?: DeferredSlotLoad;
  /**
   * Fetches the children's chunk. Given, the fallback stays in place until it has arrived: a tap that
   * armed the slot still lands on the same element (replacing it mid-tap would lose the click).
   */
  preload?: () => Promise<unknown>;
}) {
  const [ready, setReady] = useState(false);
  const [pressedEarly, setPressedEarly] = useState(false);
  const arm = useCallback(() => {
    if (!preload) {
      setReady(true);
      return;
    }
    // A failed fetch still swaps: the lazy component then reports the error as it would have.
    const swap = () => setReady(true);
    preload().then(swap, swap);
  }, [preload]);

  useEffect(() => {
    if (ready || load === 'intent') return undefined;
    let cancelled = false;
    const stops: Array<() => void> = [];
    // Asked as soon as the page shows its first content, before the page's own work then (the catalogue copy) may
    // create the database: the header's slot registers this before the page below it does, and this chunk is tiny
    // beside Dexie's. A chunk of its own: only these slots need it.
    let keepsData: Promise<boolean> | null = null;
    if (load === 'device-data') {
      stops.push(
        afterFirstContent(() => {
          keepsData = import('../../lib/device-data.ts').then(
            (module) => module.deviceKeepsData(),
            () => true,
          );
        }),
      );
    }
    const stopAll = () => stops.forEach((stop) => stop());
    const onFirstInteraction = () => {
      const events = ['pointerdown', 'keydown'] as const;
      const once = () => arm();
      events.forEach((name) => document.addEventListener(name, once, { capture: true, once: true, passive: true }));
      stops.push(() => events.forEach((name) => document.removeEventListener(name, once, { capture: true })));
    };
    // After the page's load and its main content, then when idle: these chunks never compete with what the customer came for.
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(arm, { timeout: IDLE_TIMEOUT_MS });
        stops.push(() => window.cancelIdleCallback(id));
      } else {
        const id = window.setTimeout(arm, 1000);
        stops.push(() => window.clearTimeout(id));
      }
    };
    stops.push(
      afterLoadAndFirstContent(() => {
        if (load === 'idle') return whenIdle();
        void keepsData?.then((keeps) => {
          if (cancelled) return;
          if (keeps) whenIdle();
          else onFirstInteraction();
        });
      }),
    );
    return () => {
      cancelled = true;
      stopAll();
    };
  }, [ready, arm, load]);

  return (
    <span
      className="contents"
      onPointerOver={ready ? undefined : arm}
      onFocus={ready ? undefined : arm}
      // A click on the fallback loads the chunk (even before the page has armed the slot) and is remembered for the
      // children, so the tap that brought them still does what it was meant to. Also once `ready`: until the lazy
      // children have rendered, Suspense shows the fallback anew, and a tap on it must not be lost. Children read
      // `pressedEarly` at mount only, so later clicks, which bubble here too, change nothing.
      onClick={() => {
        setPressedEarly(true);
        arm();
      }}
    >
      {ready ? <Suspense fallback={fallback}>{typeof children === 'function' ? children(pressedEarly) : children}</Suspense> : fallback}
    </span>
  );
}
