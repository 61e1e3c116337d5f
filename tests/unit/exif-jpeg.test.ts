import { describe, expect, it } from 'vitest';
import { dmsRationals, readCameraMetadata, withCameraMetadata, XMP_NAMESPACE } from '../support/exif-jpeg.ts';

/** The head of a JPEG as a canvas writes it: SOI, a JFIF APP0, a start of scan, a few bytes of data, EOI. */
const JFIF = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
const SCAN = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0x56, 0xff, 0xd9];
const jpeg = Uint8Array.from([0xff, 0xd8, ...JFIF, ...SCAN]);
const przemysl = { orientation: 6, latitude: 49.78, longitude: 22.77 };

describe('camera metadata fixture', () => {
  it('reads back the orientation and GPS position it wrote, in either byte order', () => {
    for (const byteOrder of ['II', 'MM'] as const) {
      const read = readCameraMetadata(withCameraMetadata(jpeg, { ...przemysl, byteOrder }));
      expect(read.orientation).toBe(6);
      expect(read.latitude).toBeCloseTo(49.78, 5);
      expect(read.longitude).toBeCloseTo(22.77, 5);
    }
  });

  it('writes south and west as negative positions', () => {
    const read = readCameraMetadata(withCameraMetadata(jpeg, { orientation: 1, latitude: -33.86, longitude: -70.65 }));
    expect(read.latitude).toBeCloseTo(-33.86, 5);
    expect(read.longitude).toBeCloseTo(-70.65, 5);
  });

  it('stores positions as degrees, minutes and hundredths of seconds, as cameras do', () => {
    expect(dmsRationals(49.78)).toEqual([
      [49, 1],
      [46, 1],
      [4800, 100],
    ]);
    expect(dmsRationals(22.77)).toEqual([
      [22, 1],
      [46, 1],
      [1200, 100],
    ]);
  });

  it('places EXIF, then XMP, right after the JFIF segment and leaves the rest of the file as it was', () => {
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><exif:GPSLatitude>49,46.8N</exif:GPSLatitude></x:xmpmeta>';
    const out = withCameraMetadata(jpeg, { ...przemysl, xmp });
    const head = 2 + JFIF.length;
    expect([...out.subarray(0, head)]).toEqual([...jpeg.subarray(0, head)]);
    expect([...out.subarray(head, head + 2)]).toEqual([0xff, 0xe1]);
    expect(new TextDecoder().decode(out.subarray(head + 4, head + 10))).toBe('Exif\0\0');
    const exifLength = (out[head + 2]! << 8) | out[head + 3]!;
    const xmpAt = head + 2 + exifLength;
    expect([...out.subarray(xmpAt, xmpAt + 2)]).toEqual([0xff, 0xe1]);
    expect(new TextDecoder().decode(out.subarray(xmpAt + 4, xmpAt + 4 + XMP_NAMESPACE.length))).toBe(XMP_NAMESPACE);
    expect([...out.subarray(out.length - SCAN.length)]).toEqual(SCAN);
    expect(readCameraMetadata(out).xmp).toBe(xmp);
  });

  it('finds nothing in a JPEG without metadata, and refuses what is not a JPEG', () => {
    expect(readCameraMetadata(jpeg)).toEqual({});
    expect(() => withCameraMetadata(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), przemysl)).toThrow(/Not a JPEG/);
  });
});
