import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5, md5Bytes } from './md5.ts';

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ])('matches the RFC 1321 test suite for %j', (input, digest) => {
    expect(md5(input)).toBe(digest);
  });

  it('hashes Polish text as UTF-8, like openssl', () => {
    // Produced with: printf '%s' 'Zażółć gęślą jaźń – Kwiaciarnia Pod Różą' | openssl md5
    expect(md5('Zażółć gęślą jaźń – Kwiaciarnia Pod Różą')).toBe('2fbddd8940c12b3bebf0ad8f2c81bd3a');
    // Produced with: printf '%s' 'Wieniec z chryzantem – 149,00 zł' | openssl md5
    expect(md5('Wieniec z chryzantem – 149,00 zł')).toBe('ccdb3b1d9f2724afa4a2c1ba2d754527');
  });

  it.each([
    'Róża czerwona',
    'Znicz szklany – ŁĄKA, ŚWIĘTO, ŹDŹBŁO, ŻÓŁW',
    '🌹 bukiet 💐',
    'x'.repeat(55),
    'x'.repeat(56),
    'x'.repeat(63),
    'x'.repeat(64),
    'ą'.repeat(500),
  ])('agrees with node:crypto on %j (padding edges and multi-byte letters)', (input) => {
    expect(md5(input)).toBe(createHash('md5').update(input, 'utf8').digest('hex'));
  });

  it('hashes raw bytes', () => {
    const bytes = new Uint8Array(256).map((_, index) => index);
    expect(md5Bytes(bytes)).toBe(createHash('md5').update(bytes).digest('hex'));
  });
});
