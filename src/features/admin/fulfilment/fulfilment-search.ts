import { isIsoDate } from '../../../domain/calendar/calendar-date.ts';

/** /admin/realizacja?date=YYYY-MM-DD : the day shown; none means the shop's today. */
export interface FulfilmentSearch {
  date?: string;
}

export function parseFulfilmentSearch(search: Record<string, unknown>): FulfilmentSearch {
  const date = search.date;
  return { date: typeof date === 'string' && isIsoDate(date) ? date : undefined };
}
