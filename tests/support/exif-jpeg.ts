/**
 * Test fixtures for camera metadata: puts an EXIF block (orientation and a
 * GPS position, as a phone writes them) and optionally an XMP block into a
 * JPEG's bytes, and reads them back. Pure bytes in, bytes out, so it runs in
 * Node and its output can be handed to a browser.
 *
 * EXIF (CIPA DC-008): an APP1 segment 'Exif\0\0' holding a TIFF structure:
 * a byte-order mark, IFD0 with Orientation (0x0112) and a pointer
 * (0x8825) to the GPS IFD, which holds latitude and longitude as three
 * rationals (degrees, minutes, seconds) and their N/S, E/W references.
 * XMP: an APP1 segment named by Adobe's namespace URI.
 */

export interface CameraMetadata {
  /** EXIF Orientation, 1–8 (6: the camera was turned; show rotated 90° clockwise). */
  orientation: number;
  /** Decimal degrees, north and east positive. */
  latitude: number;
  longitude: number;
  /** 'II' (little-endian, what most phones write) or 'MM'. */
  byteOrder?: 'II' | 'MM';
  /** An XMP packet to add as well (e.g. one repeating the GPS position). */
  xmp?: string;
}

export interface ReadMetadata {
  orientation?: number;
  latitude?: number;
  longitude?: number;
  xmp?: string;
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // 'Exif\0\0'
export const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';

const TAG = { orientation: 0x0112, gpsPointer: 0x8825, gpsVersion: 0x0000, latRef: 0x0001, lat: 0x0002, lonRef: 0x0003, lon: 0x0004 };
const TYPE = { byte: 1, ascii: 2, short: 3, long: 4, rational: 5 };

/** Degrees, minutes and hundredths of seconds as three rationals, as cameras store them. */
export function dmsRationals(decimal: number): Array<[number, number]> {
  const absolute = Math.abs(decimal);
  const degrees = Math.floor(absolute);
  const minutes = Math.floor((absolute - degrees) * 60);
  const seconds = Math.round(((absolute - degrees) * 60 - minutes) * 60 * 100);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, 100],
  ];
}

/** The TIFF bytes of the EXIF block: IFD0 (orientation, GPS pointer), then the GPS IFD and its rationals. */
export function exifTiff(metadata: CameraMetadata): Uint8Array {
  const little = (metadata.byteOrder ?? 'II') === 'II';
  const ifd0At = 8;
  const gpsAt = ifd0At + 2 + 2 * 12 + 4;
  const latAt = gpsAt + 2 + 5 * 12 + 4;
  const lonAt = latAt + 24;
  const bytes = new Uint8Array(lonAt + 24);
  const view = new DataView(bytes.buffer);
  const u16 = (at: number, value: number) => view.setUint16(at, value, little);
  const u32 = (at: number, value: number) => view.setUint32(at, value, little);
  bytes.set(little ? [0x49, 0x49] : [0x4d, 0x4d], 0);
  u16(2, 42);
  u32(4, ifd0At);

  /** One 12-byte IFD entry; `inline` writes a value of at most four bytes into the entry itself. */
  const entry = (at: number, tag: number, type: number, count: number, inline: (valueAt: number) => void) => {
    u16(at, tag);
    u16(at + 2, type);
    u32(at + 4, count);
    inline(at + 8);
  };
  u16(ifd0At, 2);
  entry(ifd0At + 2, TAG.orientation, TYPE.short, 1, (at) => u16(at, metadata.orientation));
  entry(ifd0At + 14, TAG.gpsPointer, TYPE.long, 1, (at) => u32(at, gpsAt));
  u32(ifd0At + 26, 0);

  const ref = (char: string) => (at: number) => bytes.set([char.charCodeAt(0), 0], at);
  u16(gpsAt, 5);
  entry(gpsAt + 2, TAG.gpsVersion, TYPE.byte, 4, (at) => bytes.set([2, 3, 0, 0], at));
  entry(gpsAt + 14, TAG.latRef, TYPE.ascii, 2, ref(metadata.latitude >= 0 ? 'N' : 'S'));
  entry(gpsAt + 26, TAG.lat, TYPE.rational, 3, (at) => u32(at, latAt));
  entry(gpsAt + 38, TAG.lonRef, TYPE.ascii, 2, ref(metadata.longitude >= 0 ? 'E' : 'W'));
  entry(gpsAt + 50, TAG.lon, TYPE.rational, 3, (at) => u32(at, lonAt));
  u32(gpsAt + 62, 0);
  for (const [start, decimal] of [
    [latAt, metadata.latitude],
    [lonAt, metadata.longitude],
  ] as const) {
    dmsRationals(decimal).forEach(([numerator, denominator], index) => {
      u32(start + index * 8, numerator);
      u32(start + index * 8 + 4, denominator);
    });
  }
  return bytes;
}

function app1(payload: Uint8Array): Uint8Array {
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff], 0);
  segment.set(payload, 4);
  return segment;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A JPEG's marker segments before its image data: [marker, start, length including the marker]. */
function segments(jpeg: Uint8Array): Array<{ marker: number; start: number; end: number }> {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG (no SOI marker)');
  const found: Array<{ marker: number; start: number; end: number }> = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    found.push({ marker, start: at, end });
    if (marker === 0xda) break; // start of scan: image data follows
    at = end;
  }
  return found;
}

/** The JPEG with an EXIF APP1 (and an XMP APP1 when given) after its SOI and JFIF APP0, as cameras place them. */
export function withCameraMetadata(jpeg: Uint8Array, metadata: CameraMetadata): Uint8Array {
  const first = segments(jpeg)[0];
  const insertAt = first?.marker === 0xe0 ? first.end : 2;
  const exif = app1(concat([Uint8Array.from(EXIF_HEADER), exifTiff(metadata)]));
  const xmp = metadata.xmp === undefined ? [] : [app1(new TextEncoder().encode(XMP_NAMESPACE + metadata.xmp))];
  return concat([jpeg.subarray(0, insertAt), exif, ...xmp, jpeg.subarray(insertAt)]);
}

function readTiff(tiff: Uint8Array): Omit<ReadMetadata, 'xmp'> {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = tiff[0] === 0x49;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) throw new Error('Not a TIFF structure');
  const entries = (ifdAt: number) =>
    Array.from({ length: u16(ifdAt) }, (_, index) => {
      const at = ifdAt + 2 + index * 12;
      return { tag: u16(at), valueAt: at + 8 };
    });
  const result: Omit<ReadMetadata, 'xmp'> = {};
  const degrees = (at: number) => u32(at) / u32(at + 4) + u32(at + 8) / u32(at + 12) / 60 + u32(at + 16) / u32(at + 20) / 3600;
  for (const { tag, valueAt } of entries(u32(4))) {
    if (tag === TAG.orientation) result.orientation = u16(valueAt);
    if (tag !== TAG.gpsPointer) continue;
    const gps = new Map(entries(u32(valueAt)).map(({ tag: gpsTag, valueAt: at }) => [gpsTag, at]));
    const sign = (refTag: number, negative: string) => (String.fromCharCode(tiff[gps.get(refTag) ?? 0] ?? 0) === negative ? -1 : 1);
    const lat = gps.get(TAG.lat);
    const lon = gps.get(TAG.lon);
    if (lat !== undefined) result.latitude = sign(TAG.latRef, 'S') * degrees(u32(lat));
    if (lon !== undefined) result.longitude = sign(TAG.lonRef, 'W') * degrees(u32(lon));
  }
  return result;
}

/** The orientation, GPS position and XMP packet a JPEG carries (empty when it carries none). */
export function readCameraMetadata(jpeg: Uint8Array): ReadMetadata {
  const result: ReadMetadata = {};
  const text = new TextDecoder('latin1');
  for (const { marker, start, end } of segments(jpeg)) {
    if (marker !== 0xe1) continue;
    const payload = jpeg.subarray(start + 4, end);
    if (EXIF_HEADER.every((byte, index) => payload[index] === byte)) Object.assign(result, readTiff(payload.subarray(EXIF_HEADER.length)));
    else if (text.decode(payload.subarray(0, XMP_NAMESPACE.length)) === XMP_NAMESPACE)
      result.xmp = new TextDecoder().decode(payload.subarray(XMP_NAMESPACE.length));
  }
  return result;
}
