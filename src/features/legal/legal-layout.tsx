import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PageHeading } from '../../lib/page-heading.tsx';

/** The frame of a static text page: a readable measure, sections, a way home (docs/spec.md §2). */
export function LegalLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="container-page max-w-3xl py-10 sm:py-14">
      <PageHeading>{title}</PageHeading>
      <div className="mt-4 text-lg text-ink-muted">{intro}</div>
      <div className="mt-8 space-y-8">{children}</div>
      <Link to="/" className="btn-secondary mt-10">
        Powrót do strony głównej
      </Link>
    </article>
  );
}

/** `id` makes the section a link target (e.g. /terms#prawo-odstapienia from the product page). */
export function LegalSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-24">
      <h2 className="text-xl font-semibold text-forest-900">{title}</h2>
      <div className="mt-2 space-y-2 leading-relaxed [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">{children}</div>
    </section>
  );
}
