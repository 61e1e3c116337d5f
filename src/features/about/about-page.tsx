import { Link } from '@tanstack/react-router';

/** Placeholder of /about until its content issue; spec §2: it links to /contact. */
export function AboutPage() {
  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl">O nas</h1>
      <p className="mt-4 text-lg text-ink-muted">
        Jesteśmy rodzinną kwiaciarnią z Birczy koło Przemyśla. Od ponad 15 lat przygotowujemy bukiety, wieńce i kompozycje na
        każdą okazję.
      </p>
      <Link to="/contact" className="btn-secondary mt-8">
        Skontaktuj się z nami
      </Link>
    </section>
  );
}
