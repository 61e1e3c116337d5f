import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_FLAGS, chromiumExecutable } from './chromium.ts';

/** Debian's Chromium and this network's flags, shared with the benchmark. */
export const chromiumPath = chromiumExecutable;
export const CHROMIUM_ARGS = CHROMIUM_FLAGS;

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => offlineAcrossNavigations(await newContext(options));
  return browser;
}

const NETWORK_CONDITIONS = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * Playwright's `setOffline` reaches a page's `navigator.onLine` only until the
 * page navigates (Debian's Chromium 150): the new document then reads
 * `onLine === true` and gets no 'offline' event, while its requests still
 * fail. A phone without a network says offline in every document, so each
 * new document of an offline context is told so again, through a CDP session
 * of the test's own, which `setOffline` also switches back.
 */
function offlineAcrossNavigations(context: BrowserContext): BrowserContext {
  let offline = false;
  const sessions = new Map<Page, Promise<CDPSession>>();
  const session = (page: Page) => {
    let found = sessions.get(page);
    if (!found) {
      found = context.newCDPSession(page);
      sessions.set(page, found);
    }
    return found;
  };
  const tell = (page: Page, value: boolean) =>
    session(page)
      .then((cdp) => cdp.send('Network.emulateNetworkConditions', { offline: value, ...NETWORK_CONDITIONS }))
      .catch(() => undefined);
  const setOffline = context.setOffline.bind(context);
  const tellAll = (value: boolean) => Promise.all([...sessions.keys()].map((page) => tell(page, value)));
  context.setOffline = async (value) => {
    offline = value;
    // Back online, the pages' own sessions let go first: Playwright's switch fires 'online', and a
    // sender that starts on it must not meet a session still offline (its request would fail and
    // be retried, a second request for one order).
    if (!value) await tellAll(false);
    await setOffline(value);
    if (value) await tellAll(true);
  };
  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (offline && frame === page.mainFrame()) void tell(page, true);
    });
    page.on('close', () => sessions.delete(page));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return context;
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
export async function launchPersistentChromium(
  userDataDir: string,
  options: Omit<Parameters<typeof chromium.launchPersistentContext>[1], 'executablePath' | 'args' | 'headless'> = {},
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...options,
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return offlineAcrossNavigations(context);
}
