/** Placeholder of /contact: details, hours, form and map arrive with the contact issue. */
export function ContactPage() {
  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl">Kontakt</h1>
      <p className="mt-4 text-lg text-ink-muted">Masz pytanie o zamówienie lub kompozycję? Chętnie pomożemy.</p>
    </section>
  );
}
