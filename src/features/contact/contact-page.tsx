import { parseStoreHours, phoneHref, usePublicSettings } from '../../lib/public-settings.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { ContactForm } from './contact-form.tsx';
import { ContactMap } from './contact-map.tsx';

const linkClass = 'font-medium text-forest-800 underline underline-offset-2';

/** docs/spec.md §2 /contact: details, opening hours (public settings), the form and the map. */
export function ContactPage() {
  const settings = usePublicSettings();
  const hours = parseStoreHours(settings.store_hours);

  return (
    <div className="container-page py-10 sm:py-14">
      <PageHeading>Kontakt</PageHeading>
      <p className="mt-4 max-w-2xl text-lg text-ink-muted">
        Masz pytanie o zamówienie lub kompozycję? Napisz, zadzwoń albo odwiedź nas w kwiaciarni. Chętnie pomożemy.
      </p>

      {/* Phone: details, form, map. Desktop: details over map on the left, the form on the right. */}
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_1fr]">
        <div className="space-y-8 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="contact-details">
            <h2 id="contact-details" className="text-xl font-semibold text-forest-900">
              Dane kontaktowe
            </h2>
            <address className="mt-3 space-y-1.5 not-italic">
              <p className="font-medium">{settings.company_name}</p>
              <p>{settings.company_address}</p>
              <p>
                Telefon:{' '}
                <a href={phoneHref(settings.company_phone)} className={linkClass}>
                  {settings.company_phone}
                </a>
              </p>
              <p>
                E-mail:{' '}
                <a href={`mailto:${settings.company_email}`} className={`${linkClass} break-all`}>
                  {settings.company_email}
                </a>
              </p>
            </address>
          </section>

          <section aria-labelledby="contact-hours">
            <h2 id="contact-hours" className="text-xl font-semibold text-forest-900">
              Godziny otwarcia
            </h2>
            <dl className="mt-3 grid max-w-xs grid-cols-[auto_1fr] gap-x-6 gap-y-1.5">
              {hours.map((row) => (
                <div key={row.days} className="contents">
                  <dt className="text-ink-muted">{row.days}</dt>
                  <dd className="font-medium">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>

        <section
          aria-labelledby="contact-form"
          className="rounded-2xl border border-forest-100 bg-white p-5 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
        >
          <h2 id="contact-form" className="text-xl font-semibold text-forest-900">
            Napisz do nas
          </h2>
          <p className="mt-1 mb-6 text-ink-muted">Odpowiemy najszybciej, jak to możliwe, zwykle w ciągu jednego dnia roboczego.</p>
          <ContactForm />
        </section>

        <section aria-labelledby="contact-map" className="lg:col-start-1 lg:row-start-2">
          <h2 id="contact-map" className="text-xl font-semibold text-forest-900">
            Jak do nas trafić
          </h2>
          <div className="mt-3">
            <ContactMap address={settings.company_address} />
          </div>
        </section>
      </div>
    </div>
  );
}
