import { describe, expect, it } from 'vitest';
import { expectedDispatchDays } from './courier-dispatch.ts';

describe('expected courier dispatch', () => {
  it('is 1–2 business days after the Warsaw day of payment', () => {
    expect(expectedDispatchDays(Date.parse('2026-05-12T10:00:00Z'))).toEqual({ earliest: '2026-05-13', latest: '2026-05-14' });
    // Friday → Monday and Tuesday; Saturday likewise.
    expect(expectedDispatchDays(Date.parse('2026-05-08T10:00:00Z'))).toEqual({ earliest: '2026-05-11', latest: '2026-05-12' });
    expect(expectedDispatchDays(Date.parse('2026-05-09T10:00:00Z'))).toEqual({ earliest: '2026-05-11', latest: '2026-05-12' });
  });

  it('skips public holidays', () => {
    // Thursday 30.04: 1 May (Friday) is a holiday.
    expect(expectedDispatchDays(Date.parse('2026-04-30T10:00:00Z'))).toEqual({ earliest: '2026-05-04', latest: '2026-05-05' });
    // Wednesday 23.12: Wigilia and both Christmas days.
    expect(expectedDispatchDays(Date.parse('2026-12-23T10:00:00Z'))).toEqual({ earliest: '2026-12-28', latest: '2026-12-29' });
  });

  it('counts from the Warsaw date, not the UTC one', () => {
    // 22:30Z on Thursday 7.05 is already Friday 8.05 in Warsaw.
    expect(expectedDispatchDays(Date.parse('2026-05-07T22:30:00Z'))).toEqual({ earliest: '2026-05-11', latest: '2026-05-12' });
  });
});
