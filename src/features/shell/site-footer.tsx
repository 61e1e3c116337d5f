import { Link } from '@tanstack/react-router';
import { LogoMark } from './logo-mark.tsx';
import { MAIN_NAV } from './nav-links.ts';
import { OPENING_HOURS, SHOP_NAME, SHOP_TAGLINE } from './shop-identity.ts';

export function SiteFooter() {
  return (
    <footer className="on-dark mt-auto bg-forest-900 text-forest-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-semibold text-white">
            <LogoMark className="size-8" />
            {SHOP_NAME}
          </p>
          <p className="mt-2 max-w-xs text-forest-100">{SHOP_TAGLINE}</p>
        </div>

        <nav aria-label="Stopka">
          <h2 className="text-sm font-semibold tracking-wide text-blush-200 uppercase">Na skróty</h2>
          <ul className="mt-3 space-y-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="inline-flex min-h-11 items-center text-forest-50 underline-offset-4 hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold tracking-wide text-blush-200 uppercase">Godziny otwarcia</h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            {OPENING_HOURS.map((row) => (
              <div key={row.days} className="contents">
                <dt>{row.days}</dt>
                <dd className="text-white">{row.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="border-t border-forest-800">
        <p className="container-page py-5 text-sm text-forest-200">
          © {new Date().getFullYear()} {SHOP_NAME}
        </p>
      </div>
    </footer>
  );
}
