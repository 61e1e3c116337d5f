import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

type PathLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

/**
 * A link to a route that another feature owns (/checkout) and
 * that the generated route tree may not list yet, so the typed <Link> cannot
 * name it. Navigates client-side through the router's history; modified or
 * middle clicks keep the browser's own behaviour (new tab, etc.).
 */
export function PathLink({ href, onClick, ...rest }: PathLinkProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    router.history.push(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}

export const CHECKOUT_HREF = '/checkout';
