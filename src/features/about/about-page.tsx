import { Link } from '@tanstack/react-router';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { PageHeading } from '../../lib/page-heading.tsx';

const POINTS = [
  { title: 'Rodzinna firma', text: 'Kwiaciarnię prowadzimy rodzinnie. Każde zamówienie przygotowujemy sami, z sercem.' },
  { title: 'Ponad 15 lat doświadczenia', text: 'Od ponad 15 lat tworzymy bukiety, wieńce i kompozycje na każdą okazję.' },
  { title: 'Blisko Ciebie', text: 'Dowozimy kwiaty żywe w Birczy i w całym powiecie przemyskim. Resztę oferty wysyłamy kurierem.' },
] as const;

/** docs/spec.md §2 'O nas': static content with a link to /contact. */
export function AboutPage() {
  const { company_name: shopName } = usePublicSettings();

  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <PageHeading>O nas</PageHeading>
      <p className="mt-4 text-lg text-ink-muted">
        {shopName} to rodzinna kwiaciarnia z Birczy koło Przemyśla. Od ponad 15 lat pomagamy wyrazić uczucia kwiatami.
      </p>
      <div className="mt-6 space-y-4 leading-relaxed">
        <p>
          Przygotowujemy świeże bukiety, kompozycje ślubne i okolicznościowe, wieńce oraz stroiki. W naszej ofercie znajdziesz też kwiaty
          sztuczne, znicze, pamiątki, prezenty i srebrną biżuterię.
        </p>
        <p>
          Znamy naszych klientów i ich historie. Chętnie doradzimy, jakie kwiaty wybrać i jak o nie dbać. Każdą kompozycję możemy dopasować
          do Twoich życzeń.
        </p>
      </div>

      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {POINTS.map((point) => (
          <li key={point.title} className="rounded-2xl border border-forest-100 bg-white p-5">
            <h2 className="text-lg font-semibold text-forest-900">{point.title}</h2>
            <p className="mt-2 text-ink-muted">{point.text}</p>
          </li>
        ))}
      </ul>

      <p className="mt-10 text-lg">Masz pytanie lub szczególne życzenie? Napisz lub zadzwoń.</p>
      <Link to="/contact" className="btn-primary mt-4">
        Skontaktuj się z nami
      </Link>
    </article>
  );
}
