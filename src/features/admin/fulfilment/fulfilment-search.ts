import { isIsoDate } from '../../../domain/calendar/calendar-date.ts';

/**
 * /admin/realizacja?date=YYYY-MM-DD&view=route : the day shown (none means
 * the shop's today), and the driver's route instead of the day's plan.
 */
export interface FulfilmentSearch {
  date?: string;
  view?: 'route';
}

export function parseFulfilmentSearch(search: Record<string, unknown>): FulfilmentSearch {
  const { date, view } = search;
  return {
    date: typeof date === 'string' && isIsoDate(date) ? date : undefined,
    view: view === 'route' ? 'route' : undefined,
  };
}
