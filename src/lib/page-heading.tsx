import type { ReactNode } from 'react';

/**
 * The one look of a page's title (its h1), so pages cannot drift apart:
 * 'page' for the shop, 'compact' for the back office, whose sections sit
 * beside a sidebar and get a smaller title.
 */
const HEADING_CLASS = {
  page: 'text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl',
  compact: 'text-2xl font-bold tracking-tight text-forest-900 sm:text-3xl',
} as const;

export function PageHeading({ children, id, size = 'page' }: { children: ReactNode; id?: string; size?: keyof typeof HEADING_CLASS }) {
  return (
    <h1 id={id} className={HEADING_CLASS[size]}>
      {children}
    </h1>
  );
}
