import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { FooterDetails } from './footer-details.tsx';
import { useShopName } from '../../lib/shop-name.ts';

/** `id`: how the shell finds the server's footer, to load this code when the visitor nears it (app-shell.tsx). */
export function SiteFooter({ id, extraSlot }: { id: string; extraSlot?: ReactNode }) {
  const shopName = useShopName();

  return (
    // Below the fold on every page: not styled, laid out or painted until it nears the viewport. The
    // placeholder heights are its heights at phone, tablet and desktop widths; `auto` keeps the real one once shown.
    <footer
      id={id}
      className="on-dark mt-auto bg-forest-900 text-forest-100 [content-visibility:auto] [contain-intrinsic-size:auto_63rem] sm:[contain-intrinsic-size:auto_45rem] lg:[contain-intrinsic-size:auto_33rem]"
    >
      <FooterDetails />
      {extraSlot}
      <div className="border-t border-forest-800">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-5 text-sm text-forest-200">
          <p>
            © {new Date().getFullYear()} {shopName}
          </p>
          {/* Directive (EU) 2023/2673: the withdrawal function is reachable from every page. */}
          <Link to="/odstapienie" className="inline-flex min-h-11 items-center font-medium text-forest-50 underline underline-offset-4">
            Odstąp od umowy
          </Link>
        </div>
      </div>
    </footer>
  );
}
