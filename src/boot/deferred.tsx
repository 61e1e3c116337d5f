import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { when, type Trigger } from './triggers.ts';

/** Given to a part shown behind a placeholder: the placeholder was pressed before the part's code arrived. */
interface PressedEarly {
  openOnMount?: boolean;
}

interface DeferOptions {
  /**
   * The placeholder that shows until the part's code is here (`null`: none).
   * Without one, the server renders the part itself, and the browser keeps
   * that HTML (links working) until the trigger fires, then hydrates it: the
   * footer, the home page's sections. The caller then places the part in a
   * Suspense boundary of its own, whose fallback shows in a page the browser
   * renders itself. (With the boundary inside the part, the footer's server
   * HTML held the whole page's hydration back until the footer's code had
   * loaded: buttons stayed disabled.)
   */
  fallback?: ReactNode;
  /** 'near-viewport': a selector of the part's server HTML. */
  near?: string;
}

/**
 * The one way to keep a piece of the page out of the first load: `load`
 * fetches its code once `trigger` fires (src/boot/triggers.ts).
 *
 * Behind a placeholder (parts that depend on the device or the visitor; the
 * server renders the placeholder too), pointing at, focusing or pressing the
 * placeholder loads the part at once whatever the trigger, and the
 * placeholder stays under the finger until the code has arrived (replacing
 * it mid-tap would lose the click). A press is remembered until the part
 * has rendered and handed to it as `openOnMount`, so the first tap still
 * opens what it was meant to (the menu, the drawer).
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  trigger: Trigger,
  { fallback, near }: DeferOptions = {},
): ComponentType<Omit<Props, keyof PressedEarly>> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchCode = () => (loading ??= load());

  if (fallback === undefined) {
    return lazy(async () => {
      if (typeof window !== 'undefined') {
        // Looked up when React first renders the part: while it hydrates a server's page, that HTML is there.
        const serverHtml = near ? document.querySelector(near) : null;
        await new Promise<void>((resolve) => when(trigger, resolve, serverHtml));
      }
      return { default: await fetchCode() };
    }) as unknown as ComponentType<Omit<Props, keyof PressedEarly>>;
  }

  const Part = lazy(() => fetchCode().then((component) => ({ default: component }))) as unknown as ComponentType<
    Omit<Props, keyof PressedEarly> & PressedEarly
  >;
  return function DeferredPart(props) {
    const [ready, setReady] = useState(false);
    const [pressed, setPressed] = useState(false);
    // A press under way on the placeholder: swapping now would leave the press's click on neither button.
    const pressing = useRef(false);
    const arm = () => {
      // A failed fetch still swaps: the lazy part then reports the error as it would have.
      const swap = () => pressing.current || setReady(true);
      fetchCode().then(swap, swap);
    };
    const release = () => {
      pressing.current = false;
      arm();
    };
    // `arm` only sets state: the one of the first render does what any later one would.
    useEffect(() => (ready ? undefined : when(trigger, arm)), [ready]);
    return (
      <span
        className="contents"
        onPointerOver={ready ? undefined : arm}
        onPointerDown={ready ? undefined : () => (pressing.current = true)}
        onPointerCancel={ready ? undefined : release}
        onPointerLeave={ready ? undefined : release}
        onFocus={ready ? undefined : arm}
        // Also once `ready`: until the lazy part has rendered, Suspense shows the placeholder anew, and a tap on it
        // must not be lost. The part reads `openOnMount` at mount only, so later clicks, which bubble here too, change nothing.
        onClick={() => {
          setPressed(true);
          release();
        }}
      >
        {ready ? (
          <Suspense fallback={fallback}>
            <Part {...props} openOnMount={pressed} />
          </Suspense>
        ) : (
          fallback
        )}
      </span>
    );
  };
}
