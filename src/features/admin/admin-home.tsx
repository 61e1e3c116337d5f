/**
 * The back office's landing page. The dashboard, orders, payments, products
 * and settings sections arrive with the admin issue; the guard in front of
 * this page is already the real one.
 */
export function AdminHome({ email }: { email: string }) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-blush-700 uppercase">Administrator</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl">Panel Administratora</h1>
      <p className="mt-2 text-ink-muted">
        Zalogowano jako <span className="font-semibold text-forest-900">{email}</span>
      </p>
    </section>
  );
}
