import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PwaInstall } from '../../src/features/pwa/pwa-layer.tsx';
import { captureInstallPrompt, resetPwaStateForTests } from '../../src/features/pwa/pwa-store.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const originalUserAgent = window.navigator.userAgent;

function pretend({ userAgent, standalone }: { userAgent: string; standalone?: boolean }) {
  Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => userAgent });
  Object.defineProperty(window.navigator, 'standalone', { configurable: true, get: () => standalone });
}

/** What Chromium dispatches when the page is installable. */
function offerInstall() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

beforeAll(() => captureInstallPrompt());

afterEach(() => {
  pretend({ userAgent: originalUserAgent, standalone: undefined });
  act(() => resetPwaStateForTests());
});

describe('install offer', () => {
  it('shows the install button only after beforeinstallprompt, and clicking it calls prompt()', async () => {
    pretend({ userAgent: ANDROID_CHROME });
    render(<PwaInstall />);
    expect(screen.queryByRole('button', { name: 'Zainstaluj aplikację' })).toBeNull();

    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true); // the browser's own mini-infobar stays away
    const button = await screen.findByRole('button', { name: 'Zainstaluj aplikację' });

    await userEvent.setup().click(button);
    expect(prompt).toHaveBeenCalledTimes(1);
    // The browser's offer is single-use: the button goes away.
    expect(screen.queryByRole('button', { name: 'Zainstaluj aplikację' })).toBeNull();
  });

  it("explains 'Dodaj do ekranu początkowego' to iPhone Safari users not yet installed", async () => {
    pretend({ userAgent: IPHONE_SAFARI });
    render(<PwaInstall />);
    const offer = await screen.findByRole('region', { name: 'Aplikacja' });
    expect(offer.textContent).toContain('Udostępnij');
    expect(offer.textContent).toContain('„Dodaj do ekranu początkowego”');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says nothing on iOS once the app runs from the home screen, in other iOS browsers, or on Android without an offer', () => {
    for (const env of [{ userAgent: IPHONE_SAFARI, standalone: true }, { userAgent: IPHONE_CHROME }, { userAgent: ANDROID_CHROME }]) {
      pretend(env);
      const view = render(<PwaInstall />);
      expect(view.container.textContent).toBe('');
      view.unmount();
    }
  });
});
