import { Link } from '@tanstack/react-router';

/** docs/spec.md §2: the page for any unknown path. */
export function NotFoundPage() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <p className="text-8xl font-bold tracking-tight text-forest-800 sm:text-9xl">404</p>
      <h1 className="mt-4 text-3xl font-semibold text-forest-900 sm:text-4xl">Strona nie znaleziona</h1>
      <p className="mt-4 max-w-md text-lg text-ink-muted">Przepraszamy, nie możemy znaleźć strony, której szukasz.</p>
      <Link to="/" className="btn-primary mt-10">
        Powrót do strony głównej
      </Link>
    </section>
  );
}
