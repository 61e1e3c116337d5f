import { lazy, type ComponentType } from 'react';
import { afterFirstContent } from './first-content.ts';

/**
 * React.lazy for a part below the fold: its code is fetched once the page
 * shows its first content, so it never competes with it. On a
 * server-rendered page the part stays the server's HTML until then (its links
 * already work) and React hydrates it when the code arrives. The server
 * renderer waits for it, so the HTML is always complete.
 */
export function lazyAfterFirstContent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    if (typeof window !== 'undefined') await new Promise<void>((resolve) => afterFirstContent(resolve));
    return { default: await load() };
  });
}
