import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS, chromiumExecutable } from './chromium.ts';

/** Debian's Chromium and this network's flags, shared with the benchmark. */
export const chromiumPath = chromiumExecutable;
export const CHROMIUM_ARGS = CHROMIUM_FLAGS;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/**
 * One Chromium per test file, launched before its tests and closed after:
 * `const chromium = chromiumPerFile();` then `chromium.browser` inside a test.
 */
export function chromiumPerFile(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not running yet');
      return browser;
    },
  };
}

/**
 * Chromium with an on-disk profile (userDataDir), as an installed browser
 * runs: it survives close and relaunch with the same folder, and, unlike the
 * off-the-record contexts of `browser.newContext()`, it is not incognito.
 */
export function launchPersistentChromium(
  userDataDir: string,
  options: Omit<Parameters<typeof chromium.launchPersistentContext>[1], 'executablePath' | 'args' | 'headless'> = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...options, executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
