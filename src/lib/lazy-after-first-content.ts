import { lazy, type ComponentType } from 'react';
import { afterFirstContent } from './first-content.ts';

/** A part far below the fold starts loading when it is within a screen's height below the viewport. */
const LOAD_AHEAD = '0px 0px 100% 0px';

/**
 * React.lazy for a part below the fold: its code is fetched once the page
 * shows its first content, so it never competes with it. On a
 * server-rendered page the part stays the server's HTML until then (its links
 * already work) and React hydrates it when the code arrives. The server
 * renderer waits for it, so the HTML is always complete.
 *
 * `nearSelector`, for a part far down every page (the footer): on a
 * server-rendered page the code waits further, until the visitor scrolls
 * near the server's HTML of the part (the element it selects).
 */
export function lazyAfterFirstContent<Props extends object>(load: () => Promise<ComponentType<Props>>, nearSelector?: string) {
  return lazy(async () => {
    if (typeof window !== 'undefined') {
      // Looked up when React first renders the part: while it hydrates a server's page, that HTML is there.
      const serverHtml = nearSelector ? document.querySelector(nearSelector) : null;
      await new Promise<void>((resolve) => afterFirstContent(resolve));
      if (serverHtml && typeof IntersectionObserver === 'function') await nearViewport(serverHtml);
    }
    return { default: await load() };
  });
}

function nearViewport(element: Element): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
  });
}
