import { describe, expect, it } from 'vitest';
import { isCleanText, isPersonName, personNameMessage } from './text-rules.ts';

describe('isCleanText', () => {
  it.each([
    ['Wszystkiego najlepszego! Sto lat 🌹', 'Polish text with an emoji (a surrogate pair)'],
    ['Łucja Żółć-Gęślą', 'Polish letters'],
    ['Олена Петренко', 'Ukrainian'],
    ['', 'nothing'],
  ])('accepts %j (%s)', (text) => {
    expect(isCleanText(text)).toBe(true);
    expect(isCleanText(text, { multiline: true })).toBe(true);
  });

  it.each([
    ['Sto\u0000lat', 'a NUL byte'],
    ['Sto lat\ud83c', 'a lone high surrogate'],
    ['\udf39 Sto lat', 'a lone low surrogate'],
    ['Sto\u0007lat', 'a bell'],
    ['Sto\u001blat', 'an escape'],
    ['Sto\u007flat', 'DEL'],
    ['Sto\u0085lat', 'a C1 control (next line)'],
  ])('refuses %j (%s), in one line and in many', (text) => {
    expect(isCleanText(text)).toBe(false);
    expect(isCleanText(text, { multiline: true })).toBe(false);
  });

  it('takes line breaks and tabs only in a multi-line field', () => {
    for (const text of ['Domofon 5\ndrugie piętro', 'Domofon 5\r\ndrugie piętro', 'Domofon\t5']) {
      expect(isCleanText(text)).toBe(false);
      expect(isCleanText(text, { multiline: true })).toBe(true);
    }
  });
});

describe('isPersonName', () => {
  it.each([
    'Anna',
    'Maria Konopnicka',
    'Nowak-Kowalska',
    'Nowak - Kowalska',
    "O'Brien",
    'D’Artagnan',
    'J. Nowak',
    'Jan Kowalski Jr.',
    'Łucja Żółć',
    'Олена Петренко-Коваль',
  ])('accepts %j', (name) => {
    expect(isPersonName(name)).toBe(true);
  });

  it.each([
    ['https://evil.example/zwrot', 'an address'],
    ['evil.example', 'a domain'],
    ['www.zwrot', 'a www address'],
    ['anna@example.pl', 'an @'],
    ['<b>Anna</b>', 'angle brackets'],
    ['Anna2', 'a digit'],
    ['Anna\u0000', 'a NUL byte'],
    ['Anna\nNowak', 'a line break'],
    ['- Anna', 'a leading hyphen'],
    ['Anna..Nowak', 'two dots'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (name) => {
    expect(isPersonName(name)).toBe(false);
  });

  it('says what a name may hold, by the field', () => {
    expect(personNameMessage('Nazwisko')).toBe('Nazwisko może zawierać tylko litery, spacje, łączniki (-) i apostrofy');
  });
});
