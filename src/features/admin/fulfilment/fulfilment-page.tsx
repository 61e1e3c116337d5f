import type { FulfilmentSearch } from './fulfilment-search.ts';

export function FulfilmentPage({ search }: { search: FulfilmentSearch; onDateChange: (date: string | undefined) => void }) {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Realizacja</h1>
      <p>{search.date ?? ''}</p>
    </section>
  );
}
