import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS } from '../../src/domain/delivery-settings.ts';
import { SEASON_LEAD_DAYS, seasonPrompt } from '../../src/domain/season-prompts.ts';

const PEAK_DAYS = DEFAULT_DELIVERY_SETTINGS.peakDays;

describe('seasonPrompt: the home page prompt before a peak day of the delivery calendar', () => {
  it('names All Saints from three weeks before 31 October until 1 November, and leads to the candles', () => {
    expect(SEASON_LEAD_DAYS).toBe(21);
    expect(seasonPrompt('2026-10-09', PEAK_DAYS)).toBeNull();
    expect(seasonPrompt('2026-10-10', PEAK_DAYS)).toEqual({
      id: 'all-saints',
      name: 'Wszystkich Świętych',
      headline: 'Wszystkich Świętych — zamów znicze i stroiki na 1 listopada',
      date: '2026-11-01',
      daysLeft: 21,
      search: { category: 'candles' },
    });
    expect(seasonPrompt('2026-10-31', PEAK_DAYS)).toMatchObject({ id: 'all-saints', date: '2026-11-01', daysLeft: 0 });
    expect(seasonPrompt('2026-11-01', PEAK_DAYS)).toMatchObject({ id: 'all-saints', date: '2026-11-01', daysLeft: 0 });
    expect(seasonPrompt('2026-11-02', PEAK_DAYS)).toBeNull();
  });

  it("names Valentine's Day, Women's Day and Mother's Day in the weeks before each, with the day in words", () => {
    expect(seasonPrompt('2027-02-01', PEAK_DAYS)).toMatchObject({
      id: 'valentines',
      headline: 'Walentynki — zamów kwiaty na 14 lutego',
      date: '2027-02-14',
      daysLeft: 13,
      search: { category: 'live-flowers' },
    });
    // On Valentine's Day itself it stays; the day after, Women's Day is three weeks ahead.
    expect(seasonPrompt('2027-02-14', PEAK_DAYS)).toMatchObject({ id: 'valentines', daysLeft: 0 });
    expect(seasonPrompt('2027-02-15', PEAK_DAYS)).toMatchObject({
      id: 'womens-day',
      headline: 'Dzień Kobiet — zamów tulipany i bukiety na 8 marca',
      daysLeft: 21,
    });
    expect(seasonPrompt('2027-04-30', PEAK_DAYS)).toBeNull();
    expect(seasonPrompt('2027-05-20', PEAK_DAYS)).toMatchObject({
      id: 'mothers-day',
      headline: 'Dzień Matki — zamów kwiaty dla mamy na 26 maja',
    });
  });

  it('counts across the new year and shows nothing far from every peak day', () => {
    expect(seasonPrompt('2026-12-20', ['01-06'])).toMatchObject({ date: '2027-01-06', daysLeft: 17 });
    expect(seasonPrompt('2026-11-29', PEAK_DAYS)).toBeNull();
    expect(seasonPrompt('2026-07-01', PEAK_DAYS)).toBeNull();
  });

  it('follows the settings: a peak day the owner removed has no prompt, one she added without a known occasion has a plain one', () => {
    expect(seasonPrompt('2027-02-01', ['03-08', '05-26'])).toBeNull();
    expect(seasonPrompt('2026-12-01', ['12-13'])).toEqual({
      id: 'peak-day',
      name: 'Dzień pełen zamówień',
      headline: 'Zamów z wyprzedzeniem na 13 grudnia — to u nas dzień pełen zamówień',
      date: '2026-12-13',
      daysLeft: 12,
      search: { category: 'live-flowers' },
    });
    expect(seasonPrompt('2026-12-10', ['12-24'])).toMatchObject({
      id: 'christmas',
      headline: 'Boże Narodzenie — zamów stroiki świąteczne na 24 grudnia',
    });
  });

  it('takes the nearest of two near peak days, and never names a day already past', () => {
    expect(seasonPrompt('2027-01-10', ['02-14', '01-21', '01-22'])).toMatchObject({ id: 'grandparents', date: '2027-01-21' });
    expect(seasonPrompt('2027-01-22', ['01-21', '01-22'])).toMatchObject({ id: 'grandparents', date: '2027-01-22', daysLeft: 0 });
  });

  it('waits for a leap year for 29 February', () => {
    expect(seasonPrompt('2027-02-20', ['02-29'])).toBeNull();
    expect(seasonPrompt('2028-02-20', ['02-29'])).toMatchObject({ date: '2028-02-29', daysLeft: 9 });
  });
});
