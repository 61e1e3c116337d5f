import { describe, expect, it } from 'vitest';
import { textSearchParams } from '../../src/lib/route-search.ts';

describe('textSearchParams', () => {
  const params = textSearchParams('status', 'q');

  it('keeps the named keys whose values are text, and sets every other named key to undefined', () => {
    expect(params({ status: 'pending', q: 'Kowalska' })).toStrictEqual({ status: 'pending', q: 'Kowalska' });
    expect(params({ status: '', q: { nested: true } })).toStrictEqual({ status: undefined, q: undefined });
    expect(params({})).toStrictEqual({ status: undefined, q: undefined });
  });

  it('reads a number the router parsed from the address as the same text', () => {
    expect(params({ q: 2024 })).toStrictEqual({ status: undefined, q: '2024' });
  });

  it('leaves out keys the route does not name', () => {
    expect(params({ status: 'pending', redirect: 'https://example.com' })).toStrictEqual({ status: 'pending', q: undefined });
  });
});
