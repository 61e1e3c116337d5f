import { useOnline } from '../../lib/use-online.ts';

export const MAP_EMBED_URL =
  'https://www.openstreetmap.org/export/embed.html?bbox=22.46,49.68,22.50,49.70&layer=mapnik&marker=49.6919,22.4797';
const MAP_LINK_URL = 'https://www.openstreetmap.org/?mlat=49.6919&mlon=22.4797#map=15/49.6919/22.4797';

/** The OpenStreetMap embed (CSP frame-src allows only openstreetmap.org); offline, a clear note instead. */
export function ContactMap({ address }: { address: string }) {
  const online = useOnline();

  return (
    <figure className="overflow-hidden rounded-2xl border border-forest-100 bg-white">
      <div className="aspect-[4/3] w-full bg-forest-50 sm:aspect-[16/9]">
        {online ? (
          <iframe src={MAP_EMBED_URL} title="Mapa dojazdu" width={800} height={450} loading="lazy" className="block size-full border-0" />
        ) : (
          <div className="grid size-full place-items-center p-6 text-center">
            <p className="max-w-xs text-ink-muted">
              Mapa jest niedostępna bez połączenia z internetem. Nasz adres: <strong className="text-ink">{address}</strong>.
            </p>
          </div>
        )}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm text-ink-muted">
        <span>{address}</span>
        {online && (
          <a href={MAP_LINK_URL} target="_blank" rel="noopener noreferrer" className="font-medium text-forest-800 underline">
            Otwórz większą mapę
          </a>
        )}
      </figcaption>
    </figure>
  );
}
