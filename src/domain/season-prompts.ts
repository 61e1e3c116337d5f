import { addDays, daysBetween } from './calendar/calendar-date.ts';
import type { CategoryId } from './categories.ts';
import { dayAndMonth } from './polish-date.ts';

/**
 * The home page's seasonal prompt: in the weeks before one of the delivery
 * calendar's peak days (the owner's 'Dni szczytu', 'Dostawy' settings), a
 * line that names the occasion and leads to the shop filtered for it. The
 * date is the server's Warsaw date, so every visitor sees the same prompt on
 * the same day (docs/decisions/035-seasonal-prompts.md).
 */

/** How many days before its peak day a prompt appears (three weeks), and on the day itself. */
export const SEASON_LEAD_DAYS = 21;

/** A /shop filter, in the shop's own search params. */
export interface SeasonShopSearch {
  category: CategoryId;
}

export interface SeasonPrompt {
  /** The occasion's id, or 'peak-day' for a peak day with no known occasion. */
  id: string;
  /** 'Walentynki'. */
  name: string;
  /** 'Walentynki — zamów kwiaty na 14 lutego'. */
  headline: string;
  /** The day the prompt counts to, 'YYYY-MM-DD'. */
  date: string;
  /** Whole days from today to that day (0: today). */
  daysLeft: number;
  search: SeasonShopSearch;
}

interface Occasion {
  id: string;
  name: string;
  /** The peak days ('MM-DD') that belong to the occasion. */
  peakDays: readonly string[];
  /** The day the headline names: the occasion's own day, though the shop's rush may start the day before. */
  day: string;
  /** What to order, after 'zamów'. */
  offer: string;
  category: CategoryId;
}

const OCCASIONS: readonly Occasion[] = [
  {
    id: 'grandparents',
    name: 'Dzień Babci i Dziadka',
    peakDays: ['01-21', '01-22'],
    day: '01-21',
    offer: 'kwiaty i upominki',
    category: 'live-flowers',
  },
  { id: 'valentines', name: 'Walentynki', peakDays: ['02-14'], day: '02-14', offer: 'kwiaty', category: 'live-flowers' },
  { id: 'womens-day', name: 'Dzień Kobiet', peakDays: ['03-08'], day: '03-08', offer: 'tulipany i bukiety', category: 'live-flowers' },
  { id: 'mothers-day', name: 'Dzień Matki', peakDays: ['05-26'], day: '05-26', offer: 'kwiaty dla mamy', category: 'live-flowers' },
  { id: 'fathers-day', name: 'Dzień Ojca', peakDays: ['06-23'], day: '06-23', offer: 'upominek dla taty', category: 'seasonal-gifts' },
  {
    id: 'teachers-day',
    name: 'Dzień Edukacji Narodowej',
    peakDays: ['10-14'],
    day: '10-14',
    offer: 'kwiaty dla nauczycieli',
    category: 'live-flowers',
  },
  {
    id: 'all-saints',
    name: 'Wszystkich Świętych',
    peakDays: ['10-31', '11-01'],
    day: '11-01',
    offer: 'znicze i stroiki',
    category: 'candles',
  },
  { id: 'christmas', name: 'Boże Narodzenie', peakDays: ['12-24'], day: '12-24', offer: 'stroiki świąteczne', category: 'seasonal-gifts' },
];

/** The next date on or after `today` that falls on `monthDay` ('MM-DD'); 29 February waits for a leap year. */
function nextOccurrence(today: string, monthDay: string): string | null {
  const year = Number(today.slice(0, 4));
  for (let offset = 0; offset <= 4; offset += 1) {
    const candidate = `${year + offset}-${monthDay}`;
    // addDays(…, 0) normalises an impossible date ('2027-02-29' → '2027-03-01'): such a year is skipped.
    if (candidate >= today && addDays(candidate, 0) === candidate) return candidate;
  }
  return null;
}

function promptFor(today: string, peakDay: string): SeasonPrompt | null {
  const peakDate = nextOccurrence(today, peakDay);
  if (peakDate === null || daysBetween(today, peakDate) > SEASON_LEAD_DAYS) return null;
  const occasion = OCCASIONS.find((candidate) => candidate.peakDays.includes(peakDay));
  if (!occasion) {
    return {
      id: 'peak-day',
      name: 'Dzień pełen zamówień',
      headline: `Zamów z wyprzedzeniem na ${dayAndMonth(peakDate)} — to u nas dzień pełen zamówień`,
      date: peakDate,
      daysLeft: daysBetween(today, peakDate),
      search: { category: 'live-flowers' },
    };
  }
  // The occasion's own day in the same season as the peak day (31 October leads to 1 November), never one already past.
  const occasionDate = addDays(peakDate, daysBetween(`2028-${peakDay}`, `2028-${occasion.day}`));
  const date = occasionDate < today ? peakDate : occasionDate;
  return {
    id: occasion.id,
    name: occasion.name,
    headline: `${occasion.name} — zamów ${occasion.offer} na ${dayAndMonth(date)}`,
    date,
    daysLeft: daysBetween(today, peakDate),
    search: { category: occasion.category },
  };
}

/**
 * The prompt for `today` ('YYYY-MM-DD', Warsaw): the nearest peak day within
 * SEASON_LEAD_DAYS, or null when none is near. `peakDays` are the settings'
 * 'MM-DD' values.
 */
export function seasonPrompt(today: string, peakDays: readonly string[]): SeasonPrompt | null {
  let nearest: SeasonPrompt | null = null;
  for (const peakDay of peakDays) {
    const prompt = promptFor(today, peakDay);
    if (prompt && (nearest === null || prompt.daysLeft < nearest.daysLeft)) nearest = prompt;
  }
  return nearest;
}
