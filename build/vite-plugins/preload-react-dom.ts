import type { Plugin } from 'vite';

/** React DOM and the scheduler only its client uses: src/main.tsx imports them dynamically, as a chunk of their own. */
export const REACT_DOM = /[\\/]node_modules[\\/](?:react-dom|scheduler)[\\/]/;
export const REACT_DOM_CHUNK = 'react-dom-client';

/**
 * Every page needs React DOM at once: index.html preloads its chunk beside
 * the entry, so the dynamic import in src/main.tsx waits for no second
 * round trip (docs/decisions/013-react-dom-own-chunk.md).
 */
export function preloadReactDom(): Plugin {
  return {
    name: 'kwiaciarnia-preload-react-dom',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((file) => file.type === 'chunk' && file.name === REACT_DOM_CHUNK);
        if (!chunk) throw new Error(`No ${REACT_DOM_CHUNK} chunk to preload: check REACT_DOM in build/vite-plugins/preload-react-dom.ts`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
