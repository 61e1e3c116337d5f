import { describe, expect, it } from 'vitest';
import { isValidBucketId, isValidObjectKey } from '../../server/local-backend/storage/keys.ts';
import { sniffImageType } from '../../server/local-backend/storage/sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

/** An ISO-BMFF `ftyp` box of 24 bytes: size, 'ftyp', major brand, minor version, two compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], ...compatible, 'meta-follows');

describe('sniffImageType (magic numbers, not names)', () => {
  it.each([
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34], 'Exif'), 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['AVIF (major brand)', ftyp('avif', 'mif1', 'miaf'), 'image/avif'],
    ['AVIF sequence (major brand)', ftyp('avis', 'msf1'), 'image/avif'],
    ['AVIF (compatible brand)', ftyp('mif1', 'avif', 'miaf'), 'image/avif'],
  ])('recognises %s', (_label, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });

  it.each([
    ['a text file (renamed photo.jpg)', bytes('To nie jest zdjęcie, tylko tekst.')],
    ['an empty file', bytes()],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['a JPEG missing its third byte', bytes([0xff, 0xd8])],
    ['a RIFF file that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['HEIC (ftyp without an AVIF brand)', ftyp('heic', 'mif1', 'heic')],
    ['MP4 video', ftyp('isom', 'iso2', 'mp41')],
    ['an ftyp box too short to hold brands', bytes([0, 0, 0, 8], 'ftypavif')],
    ['SVG (markup, may carry script)', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['PDF', bytes('%PDF-1.7\n')],
    ['a GIF-like header of another version', bytes('GIF90a')],
  ])('refuses %s', (_label, input) => {
    expect(sniffImageType(input)).toBeNull();
  });

  it('looks at the bytes only: the same bytes are the same type whatever they are called', () => {
    const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(bytes('plain text'))).toBeNull();
  });
});

describe('object names and bucket ids', () => {
  it.each(['photo.webp', 'products/5f0c/main-1600.webp', "a (1)/b's+c=d,e;f:g@h&i$j!k*l?.png", 'x'])('accepts %s', (key) => {
    expect(isValidObjectKey(key)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['parent segment', '../secret.png'],
    ['parent segment inside', 'products/../../etc/passwd'],
    ['current segment', './photo.png'],
    ['absolute', '/etc/passwd'],
    ['empty segment', 'products//photo.png'],
    ['trailing slash', 'products/'],
    ['NUL', 'photo\0.png'],
    ['backslash', '..\\secret.png'],
    ['control character', 'photo\n.png'],
    ['non-ASCII (as the storage service)', 'róże.webp'],
    ['too long', `${'a'.repeat(1025)}.png`],
  ])('refuses %s', (_label, key) => {
    expect(isValidObjectKey(key)).toBe(false);
  });

  it('takes bucket ids that are safe folder names only', () => {
    expect(isValidBucketId('product-images')).toBe(true);
    expect(isValidBucketId('avatars_2.old')).toBe(true);
    for (const id of ['', '.', '..', '.hidden', 'a/b', 'a\\b', 'a\0b', 'x'.repeat(101)]) expect(isValidBucketId(id), id).toBe(false);
  });
});
