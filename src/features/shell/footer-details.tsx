import { Link } from '@tanstack/react-router';
import { parseStoreHours, phoneHref, usePublicSettings } from '../../lib/public-settings.ts';
import { LogoMark } from './logo-mark.tsx';
import { CUSTOMER_NAV, LEGAL_NAV, MAIN_NAV } from './nav-links.ts';
import { SHOP_TAGLINE } from './shop-identity.ts';

const footerLink = 'inline-flex min-h-11 items-center text-forest-50 underline-offset-4 hover:underline';

/** The footer's columns: the shop, its contact details and hours from the public settings, the site's links. */
export function FooterDetails() {
  const settings = usePublicSettings();
  const hours = parseStoreHours(settings.store_hours);

  return (
    <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <p className="flex items-center gap-2 text-lg font-semibold text-white">
          <LogoMark className="size-8" />
          {settings.company_name}
        </p>
        <p className="mt-2 max-w-xs text-forest-100">{SHOP_TAGLINE}</p>
      </div>

      <div>
        <h2 className="text-sm font-semibold tracking-wide text-blush-200 uppercase">Kontakt</h2>
        <address className="mt-3 space-y-1 not-italic">
          <p>{settings.company_address}</p>
          <p>
            <a href={phoneHref(settings.company_phone)} className={footerLink}>
              {settings.company_phone}
            </a>
          </p>
          <p>
            <a href={`mailto:${settings.company_email}`} className={`${footerLink} break-all`}>
              {settings.company_email}
            </a>
          </p>
        </address>
      </div>

      <div>
        <h2 className="text-sm font-semibold tracking-wide text-blush-200 uppercase">Godziny otwarcia</h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {hours.map((row) => (
            <div key={row.days} className="contents">
              <dt>{row.days}</dt>
              <dd className="text-white">{row.hours}</dd>
            </div>
          ))}
        </dl>
      </div>

      <nav aria-label="Stopka">
        <h2 className="text-sm font-semibold tracking-wide text-blush-200 uppercase">Na skróty</h2>
        <ul className="mt-3 space-y-0.5">
          {[...MAIN_NAV, ...CUSTOMER_NAV, ...LEGAL_NAV].map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={footerLink}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
