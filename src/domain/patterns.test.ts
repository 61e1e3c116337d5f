import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from './patterns.ts';

describe('EMAIL_PATTERN', () => {
  it.each(['anna@example.pl', 'anna.nowak+kwiaty@poczta.example.com', "o'brien@example.ie", 'a_b-c@sub-domain.example.pl', 'X@Y.PL'])(
    'accepts %j',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  it.each([
    ['a,b@audit.test', 'a comma: stored as typed but mailed to b@audit.test'],
    ['"a b"@audit.test', 'quotes and a space'],
    ['anna nowak@example.pl', 'a space'],
    ['<anna@example.pl>', 'angle brackets'],
    ['Anna <anna@example.pl>', 'a display name'],
    ['anna@example.pl;ewa@example.pl', 'two addresses'],
    ['anna(x)@example.pl', 'a comment'],
    ['anna:x@example.pl', 'a colon'],
    ['anna@example', 'no dot in the domain'],
    ['anna@-example.pl', 'a domain label starting with a hyphen'],
    ['anna@@example.pl', 'two @'],
    ['anna@exa_mple.pl', 'an underscore in the domain'],
    ['anna@example.pl\n', 'a line break'],
  ])('refuses %j (%s)', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
