import { useEffect } from 'react';

/** What the back office's installed app is made of (public/admin.webmanifest). */
export const ADMIN_MANIFEST_HREF = '/admin.webmanifest';
const ADMIN_APPLE_ICON_HREF = '/icons/admin-apple-touch-icon.png';
const ADMIN_APP_TITLE = 'Panel';

/**
 * Points the head at the admin manifest while an admin page is shown, by
 * changing the one `<link rel="manifest">` (vite-plugin-pwa injects the
 * storefront's) rather than adding a second; restores it on the way out.
 * Installing from here gives the owner an app that opens on today's 'Realizacja'.
 */
export function AdminAppHead(): null {
  useEffect(() => {
    const restores = [
      swapHead('link', 'rel', 'manifest', 'href', ADMIN_MANIFEST_HREF),
      swapHead('link', 'rel', 'apple-touch-icon', 'href', ADMIN_APPLE_ICON_HREF),
      swapHead('meta', 'name', 'apple-mobile-web-app-title', 'content', ADMIN_APP_TITLE),
    ];
    return () => restores.forEach((restore) => restore());
  }, []);
  return null;
}

function swapHead(tag: 'link' | 'meta', key: string, keyValue: string, attribute: string, value: string): () => void {
  const existing = document.head.querySelector(`${tag}[${key}="${keyValue}"]`);
  const element = existing ?? document.createElement(tag);
  const previous = element.getAttribute(attribute);
  if (!existing) {
    element.setAttribute(key, keyValue);
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
  return () => {
    if (!existing) element.remove();
    else if (previous === null) element.removeAttribute(attribute);
    else element.setAttribute(attribute, previous);
  };
}
