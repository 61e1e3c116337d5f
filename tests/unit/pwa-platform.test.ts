import { describe, expect, it } from 'vitest';
import { isIosSafari, needsIosInstallHint } from '../../src/lib/platform.ts';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOsSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  iphoneFacebook:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0]',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

const env = (userAgent: string, maxTouchPoints = 5, standalone = false) => ({ userAgent, maxTouchPoints, standalone });

describe('iOS Safari install hint', () => {
  it('recognises Safari on iPhone and on iPadOS (which reports a Mac)', () => {
    expect(isIosSafari(env(UA.iphoneSafari))).toBe(true);
    expect(isIosSafari(env(UA.ipadOsSafari, 5))).toBe(true);
    expect(isIosSafari(env(UA.ipadOsSafari, 0))).toBe(false); // a real Mac
  });

  it('leaves out other iOS browsers, in-app views and Android', () => {
    for (const ua of [UA.iphoneChrome, UA.iphoneFirefox, UA.iphoneFacebook, UA.androidChrome]) {
      expect(isIosSafari(env(ua)), ua).toBe(false);
    }
  });

  it('is not shown once the app runs from the home screen', () => {
    expect(needsIosInstallHint(env(UA.iphoneSafari))).toBe(true);
    expect(needsIosInstallHint(env(UA.iphoneSafari, 5, true))).toBe(false);
  });
});
