/** 'Chrome na Androidzie': how the owner tells her devices apart in the list, read from the browser's user agent. */
export function deviceLabel(userAgent: string, maxTouchPoints = 0): string {
  const browser = /Edg(e|A|iOS)?\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(userAgent)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : 'Przeglądarka';
  const system = /iPhone|iPod/.test(userAgent)
    ? 'na iPhonie'
    : /iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
      ? 'na iPadzie'
      : /Android/.test(userAgent)
        ? 'na Androidzie'
        : /Macintosh|Mac OS X/.test(userAgent)
          ? 'na Macu'
          : /Windows/.test(userAgent)
            ? 'na Windowsie'
            : /Linux|CrOS/.test(userAgent)
              ? 'na Linuksie'
              : 'na komputerze';
  return `${browser} ${system}`;
}
